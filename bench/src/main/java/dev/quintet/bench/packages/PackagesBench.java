package dev.quintet.bench.packages;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./quintet bench packages}: the look-up benchmark ({@link LookupBench}), then the Debian ingestion benchmark
 * ({@link DebianIngestionBench}); {@code --skip-lookups} and {@code --skip-debian} leave one out, other options go to
 * the benchmark that knows them.
 */
public final class PackagesBench {

    private PackagesBench() {
    }

    public static void run(String[] args) throws Exception {
        boolean lookups = true;
        boolean debian = true;
        List<String> lookupArgs = new ArrayList<>();
        List<String> debianArgs = new ArrayList<>();
        for (String arg : args) {
            switch (arg) {
                case "--skip-lookups" -> lookups = false;
                case "--skip-debian" -> debian = false;
                default -> (LookupBench.Options.accepts(arg) ? lookupArgs : debianArgs).add(arg);
            }
        }
        LookupBench.Options lookupOptions = LookupBench.Options.parse(lookupArgs);
        if (lookups) {
            System.out.println("## npm look-ups");
            LookupBench.run(lookupOptions);
        }
        if (debian) {
            System.out.println();
            System.out.println("## Debian ingestion");
            DebianIngestionBench.run(debianArgs.toArray(String[]::new));
        }
    }
}
