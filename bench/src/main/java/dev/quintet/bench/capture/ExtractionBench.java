package dev.quintet.bench.capture;

import dev.quintet.bench.capture.ShingleScorer.Score;
import dev.quintet.capture.extract.ContentExtractor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ./quintet bench capture-extract}: runs our extractor (without a browser, as {@code render=false} does)
 * over the evaluation set and scores each page's {@code content_text} with {@link ShingleScorer}; when Node is on
 * PATH, Mozilla Readability is scored on the same pages. Prints per-page and mean precision, recall and F1.
 * Option {@code --no-peer} skips Readability.
 */
public final class ExtractionBench {

    private ExtractionBench() {
    }

    public static void run(String[] args) throws Exception {
        boolean peer = true;
        for (String arg : args) {
            if (arg.equals("--no-peer")) {
                peer = false;
            } else {
                throw new IllegalArgumentException("unknown option " + arg + "; use --no-peer");
            }
        }
        List<EvaluationSet.Page> pages = EvaluationSet.load();
        ContentExtractor extractor = new ContentExtractor();
        Optional<ReadabilityPeer> readability = peer ? ReadabilityPeer.prepare() : Optional.empty();
        Map<String, String> theirs = readability.isPresent() ? readability.get().extract(pages) : Map.of();

        List<Score> ours = new ArrayList<>();
        List<Score> peers = new ArrayList<>();
        System.out.printf("%-22s %-4s %-14s | %6s %6s %6s | %6s %6s %6s%n", "page", "lang", "shape", "P", "R", "F1",
                "R.js P", "R", "F1");
        long started = System.nanoTime();
        for (EvaluationSet.Page page : pages) {
            Score our = ShingleScorer.score(page.expected(),
                    extractor.extract(page.html(), "https://example.test/" + page.name()).contentText());
            ours.add(our);
            String row = String.format(Locale.ROOT, "%-22s %-4s %-14s | %s", page.name(), page.lang(), page.shape(),
                    cells(our));
            if (theirs.containsKey(page.name())) {
                Score their = ShingleScorer.score(page.expected(), theirs.get(page.name()));
                peers.add(their);
                row += " | " + cells(their);
            }
            System.out.println(row);
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("-".repeat(84));
        String mean = String.format(Locale.ROOT, "%-41s | %s", "mean of " + pages.size() + " pages", cells(mean(ours)));
        System.out.println(peers.isEmpty() ? mean : mean + " | " + cells(mean(peers)));
        String f1 = String.format(Locale.ROOT, "%-41s | %20.3f", "mean per-page F1", meanF1(ours));
        System.out.println(peers.isEmpty() ? f1 : f1 + String.format(Locale.ROOT, " | %20.3f", meanF1(peers)));
        System.out.printf(Locale.ROOT, "%nOur extractor: %d pages in %d ms (parse and extract, one thread).%n",
                pages.size(), millis);
        System.out.println("P, R: word 4-gram shingle precision and recall of content_text against the expected"
                + " text, averaged over pages; F1 of the two means. CJK characters are one token each.");
    }

    private static String cells(Score s) {
        return String.format(Locale.ROOT, "%6.3f %6.3f %6.3f", s.precision(), s.recall(), s.f1());
    }

    /** Mean precision and mean recall, and the F1 of those two means. */
    static Score mean(List<Score> scores) {
        double p = scores.stream().mapToDouble(Score::precision).average().orElse(0);
        double r = scores.stream().mapToDouble(Score::recall).average().orElse(0);
        return Score.of(p, r);
    }

    private static double meanF1(List<Score> scores) {
        return scores.stream().mapToDouble(Score::f1).average().orElse(0);
    }
}
