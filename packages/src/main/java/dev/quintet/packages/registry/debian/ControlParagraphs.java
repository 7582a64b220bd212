package dev.quintet.packages.registry.debian;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the paragraphs of a Debian control file (RFC 822-style {@code Field: value} lines, continuation lines starting
 * with a space or a tab, paragraphs separated by blank lines) one at a time from a stream. A paragraph with a line
 * that is neither a field nor a continuation, a continuation before any field, or a field given twice is skipped and
 * counted, with the first few problems kept for the log; reading goes on with the next paragraph.
 */
public final class ControlParagraphs {

    private static final int KEPT_PROBLEMS = 5;

    private final BufferedReader reader;
    private final List<String> problems = new ArrayList<>();
    private long lineNumber;
    private int skipped;

    public ControlParagraphs(Reader reader) {
        this.reader = reader instanceof BufferedReader buffered ? buffered : new BufferedReader(reader, 1 << 16);
    }

    /** The next well-formed paragraph, or null at the end of the stream. */
    public ControlParagraph next() throws IOException {
        while (true) {
            String line = nextLine();
            while (line != null && line.isBlank()) {
                line = nextLine();
            }
            if (line == null) {
                return null;
            }
            long start = lineNumber;
            Map<String, String> fields = new HashMap<>();
            String problem = null;
            String field = null;
            StringBuilder value = null;
            for (; line != null && !line.isBlank(); line = nextLine()) {
                if (problem != null || line.startsWith("#")) {
                    continue;
                }
                char first = line.charAt(0);
                if (first == ' ' || first == '\t') {
                    if (field == null) {
                        problem = "line " + lineNumber + " continues a field, but no field came before it";
                    } else {
                        value.append('\n').append(line.substring(1).stripTrailing());
                    }
                    continue;
                }
                int colon = line.indexOf(':');
                if (colon <= 0 || line.substring(0, colon).chars().anyMatch(Character::isWhitespace)) {
                    problem = "line " + lineNumber + " is not 'Field: value'";
                    continue;
                }
                if (field != null) {
                    fields.put(field, value.toString());
                }
                field = line.substring(0, colon).toLowerCase(Locale.ROOT);
                if (fields.containsKey(field)) {
                    problem = "line " + lineNumber + " gives the field '" + line.substring(0, colon) + "' a second time";
                }
                value = new StringBuilder(line.substring(colon + 1).strip());
            }
            if (problem == null && field != null) {
                fields.put(field, value.toString());
                return new ControlParagraph(start, fields);
            }
            skip(problem == null ? "paragraph at line " + start + " has only comments" : problem);
        }
    }

    /** Counts a paragraph skipped for the reason given (also those a reader of the fields finds unusable). */
    public void skip(String reason) {
        skipped++;
        if (problems.size() < KEPT_PROBLEMS) {
            problems.add(reason);
        }
    }

    /** How many paragraphs were skipped so far. */
    public int skipped() {
        return skipped;
    }

    /** The first few reasons paragraphs were skipped. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    private String nextLine() throws IOException {
        String line = reader.readLine();
        if (line != null) {
            lineNumber++;
        }
        return line;
    }
}
