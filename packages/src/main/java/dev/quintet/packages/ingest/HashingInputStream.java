package dev.quintet.packages.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Passes a stream through while taking its SHA-256 and counting its bytes. */
final class HashingInputStream extends FilterInputStream {

    private final MessageDigest sha256;
    private long count;

    HashingInputStream(InputStream in) {
        super(in);
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            sha256.update((byte) b);
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            sha256.update(buffer, offset, n);
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[8192];
        long skipped = 0;
        while (skipped < n) {
            int read = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (read < 0) {
                break;
            }
            skipped += read;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /** Reads what is left, so that the hash covers the whole stream. */
    void drain() throws IOException {
        transferTo(OutputStream.nullOutputStream());
    }

    long count() {
        return count;
    }

    /** The SHA-256 of what was read, in lower-case hex; call once, at the end. */
    String sha256() {
        return HexFormat.of().formatHex(sha256.digest());
    }
}
