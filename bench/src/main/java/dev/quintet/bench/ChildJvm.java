package dev.quintet.bench;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * This benchmark started again in a second JVM to play a part beside the service under test (the devices and apps
 * of the devices benchmark, the fake provider of the router's), so that the benchmark's own process holds only the
 * service: its heap, collections and threads are the service's alone. The child runs the same benchmark with a
 * system property naming its part; it reports on its standard output.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** Starts {@code bench} in a child JVM with the system property {@code property} set to {@code value}. */
    public static Process start(String bench, String property, String value, String... args) throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(javaBin, "-D" + property + "=" + value));
        if (cp.endsWith(".jar") && !cp.contains(File.pathSeparator)) {
            command.addAll(List.of("-jar", cp, bench));
        } else {
            command.addAll(List.of("-cp", cp, Bench.class.getName(), bench));
        }
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
