package dev.quintet.packages.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * Serves suites of a Debian archive on a fake upstream: {@code dists/{suite}/Release} (no {@code InRelease}, so the
 * fallback is taken) listing the SHA256 of the {@code main/binary-amd64} index files it serves beside it.
 */
public final class DebianMirror {

    public static final String INDEX = "main/binary-amd64/";

    private DebianMirror() {
    }

    /**
     * The recorded excerpt of a suite ({@code stable}, {@code testing}), its files and Release file as committed
     * ({@code Packages.gz} only for stable).
     */
    public static void serveRecorded(FakeUpstream fake, String suite) {
        fake.serve("/dists/" + suite + "/Release", "debian/" + suite + "/Release", "text/plain");
        fake.serveBytes(path(suite, "Packages.xz"), FakeUpstream.resourceBytes("debian/" + suite + "/Packages.xz"),
                "application/x-xz", true);
        if (suite.equals("stable")) {
            fake.serveBytes(path(suite, "Packages.gz"), FakeUpstream.resourceBytes("debian/stable/Packages.gz"),
                    "application/gzip", true);
        }
    }

    /**
     * A suite whose index is {@code packages} (the text of a Packages file), compressed here, with a Release file of
     * {@code date} ({@code Sat, 12 Sep 2026 07:55:41 UTC}) listing it; {@code etag} says whether the index has one.
     */
    public static void serve(FakeUpstream fake, String suite, String packages, String date, boolean etag) {
        byte[] xz = xz(packages);
        fake.serveBytes(path(suite, "Packages.xz"), xz, "application/x-xz", etag);
        fake.forget(path(suite, "Packages.gz"));
        fake.serveBody("/dists/" + suite + "/Release", release(suite, date, Map.of("Packages.xz", xz)), "text/plain");
    }

    /** Serves the index without changing the Release file, which then may not list it. */
    public static void serveIndexOnly(FakeUpstream fake, String suite, String packages) {
        fake.serveBytes(path(suite, "Packages.xz"), xz(packages), "application/x-xz", true);
    }

    public static String path(String suite, String file) {
        return "/dists/" + suite + "/" + INDEX + file;
    }

    public static String release(String suite, String date, Map<String, byte[]> files) {
        StringBuilder text = new StringBuilder("Origin: Debian\nLabel: Debian\nSuite: " + suite + "\nDate: " + date
                + "\nArchitectures: all amd64\nComponents: main\nSHA256:\n");
        new LinkedHashMap<>(files).forEach((name, bytes) -> text.append(' ').append(sha256(bytes)).append(' ')
                .append(bytes.length).append(' ').append(INDEX).append(name).append('\n'));
        return text.toString();
    }

    public static byte[] xz(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (XZOutputStream out = new XZOutputStream(bytes, new LZMA2Options())) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static byte[] gz(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The recorded excerpt of a suite's index, as text, with the paragraph of {@code without} left out when given. */
    public static String recordedPackages(String suite, String without) {
        String text = FakeUpstream.resource("debian/" + suite + "/Packages");
        if (without == null) {
            return text;
        }
        StringBuilder kept = new StringBuilder();
        for (String paragraph : text.split("\n\n")) {
            if (!paragraph.startsWith("Package: " + without + "\n")) {
                kept.append(paragraph.strip()).append("\n\n");
            }
        }
        return kept.toString();
    }

    /**
     * The recorded excerpt of stable's index followed by the hand-written paragraphs of packages that provide and
     * depend on virtual packages ({@code debian/provides/Packages}).
     */
    public static String withProvides() {
        return recordedPackages("stable", null) + "\n" + FakeUpstream.resource("debian/provides/Packages");
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
