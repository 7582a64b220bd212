package dev.quintet.bench.capture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The article pages of {@code capture-extract/} on the class path: {@code index.tsv} lists each page with its
 * language and shape; {@code pages/<name>.html} is the page and {@code expected/<name>.txt} its main text.
 */
final class EvaluationSet {

    static final String ROOT = "capture-extract/";

    /**
     * One page of the set.
     *
     * @param name the file name without extension
     * @param lang its language
     * @param shape the kind of site it imitates
     * @param html the page
     * @param expected its main text
     */
    record Page(String name, String lang, String shape, String html, String expected) {
    }

    private EvaluationSet() {
    }

    static List<Page> load() {
        List<Page> pages = new ArrayList<>();
        for (String line : read("index.tsv").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t");
            pages.add(new Page(cells[0], cells[1], cells[2], read("pages/" + cells[0] + ".html"),
                    read("expected/" + cells[0] + ".txt")));
        }
        return pages;
    }

    static String read(String path) {
        try (InputStream in = EvaluationSet.class.getClassLoader().getResourceAsStream(ROOT + path)) {
            if (in == null) {
                throw new IllegalStateException("missing bench resource " + ROOT + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
