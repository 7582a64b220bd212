package dev.quintet.router.stream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Reads server-sent events one at a time; yields the joined {@code data} of each event, skipping comments and
 * {@code event:} names (the wire formats relayed repeat the event name inside the data).
 */
public final class SseEvents {

    private final BufferedReader reader;

    public SseEvents(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next event's data, or null at the end of the stream. */
    public String next() throws IOException {
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    return data.toString();
                }
                continue;
            }
            if (line.startsWith("data:")) {
                String value = line.substring(line.length() > 5 && line.charAt(5) == ' ' ? 6 : 5);
                data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            }
        }
        return data == null ? null : data.toString();
    }
}
