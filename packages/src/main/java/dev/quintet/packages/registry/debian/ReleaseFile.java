package dev.quintet.packages.registry.debian;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A suite's {@code Release} file, or its clear-signed form {@code InRelease} (the signature is not checked): when it was
 * made ({@code Date}) and the SHA256 and size of each index file it lists, relative to {@code dists/{suite}/}.
 */
public record ReleaseFile(String suite, String codename, Instant date, Map<String, FileHash> sha256) {

    /** The checksum and size of one listed file. */
    public record FileHash(String sha256, long size) {
    }

    public ReleaseFile {
        sha256 = Map.copyOf(sha256);
    }

    /**
     * Reads a Release or InRelease text.
     *
     * @throws IllegalArgumentException when it is not one (no paragraph, or no SHA256 list)
     */
    public static ReleaseFile parse(String text) {
        ControlParagraph fields;
        try {
            fields = new ControlParagraphs(new StringReader(signedContent(text))).next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (fields == null || fields.get("SHA256") == null) {
            throw new IllegalArgumentException("not a Debian Release file: it has no SHA256 list of index files");
        }
        Map<String, FileHash> files = new HashMap<>();
        for (String line : fields.get("SHA256").split("\n")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 3 && parts[0].matches("[0-9a-fA-F]{64}") && parts[1].matches("\\d{1,18}")) {
                files.put(parts[2], new FileHash(parts[0].toLowerCase(Locale.ROOT), Long.parseLong(parts[1])));
            }
        }
        return new ReleaseFile(fields.get("Suite"), fields.get("Codename"), date(fields.get("Date")), files);
    }

    /** The hash of a listed file ({@code main/binary-amd64/Packages.xz}). */
    public Optional<FileHash> file(String path) {
        return Optional.ofNullable(sha256.get(path));
    }

    /** The text of a clear-signed message without its armour and signature, dash-escaped lines restored. */
    private static String signedContent(String text) {
        if (!text.startsWith("-----BEGIN PGP SIGNED MESSAGE-----")) {
            return text;
        }
        StringBuilder content = new StringBuilder();
        boolean inBody = false;
        for (String line : text.split("\r?\n", -1)) {
            if (!inBody) {
                inBody = line.isBlank();
            } else if (line.startsWith("-----BEGIN PGP SIGNATURE-----")) {
                break;
            } else {
                content.append(line.startsWith("- ") ? line.substring(2) : line).append('\n');
            }
        }
        return content.toString();
    }

    private static Instant date(String value) {
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.strip().replaceFirst(" UTC$", " GMT"), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
