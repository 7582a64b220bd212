package dev.quintet.bench.router;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 messages read from a blocking stream, for the benchmark's raw client and fake provider: the start line,
 * the header fields, and a body framed by {@code Content-Length} or chunks.
 */
final class Http1Reader {

    private final InputStream in;

    /** {@code in} should be buffered: lines are read a byte at a time. */
    Http1Reader(InputStream in) {
        this.in = in;
    }

    /** The start line of the next message, or null when the stream ended cleanly before one. */
    String startLine() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        if (first == '\n') {
            return "";
        }
        String rest = line();
        return first == '\r' ? rest : (char) first + rest;
    }

    /** The header fields up to the empty line, names in lower case (a repeated field keeps its last value). */
    Map<String, String> fields() throws IOException {
        Map<String, String> fields = new HashMap<>();
        for (String field = line(); !field.isEmpty(); field = line()) {
            int colon = field.indexOf(':');
            if (colon > 0) {
                String name = field.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                fields.put(name, field.substring(colon + 1).strip());
            }
        }
        return fields;
    }

    /** The body the fields frame; {@code ifUnframed} when they give neither a length nor chunks. */
    byte[] body(Map<String, String> fields, byte[] ifUnframed) throws IOException {
        if (fields.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT).contains("chunked")) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                body.write(in.readNBytes(size));
                line();
            }
            fields(); // trailers
            return body.toByteArray();
        }
        String length = fields.get("content-length");
        return length == null ? ifUnframed : in.readNBytes(Integer.parseInt(length));
    }

    private int chunkSize() throws IOException {
        String size = line();
        int extension = size.indexOf(';');
        return Integer.parseInt((extension < 0 ? size : size.substring(0, extension)).strip(), 16);
    }

    /** One line without its CRLF. */
    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("the connection ended inside a message");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
