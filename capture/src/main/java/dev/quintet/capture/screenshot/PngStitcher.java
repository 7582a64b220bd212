package dev.quintet.capture.screenshot;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes one PNG from images of one width stacked top to bottom, compressing row by row as they come, so only the
 * current slice is held decoded (a picture 50,000 px tall would take hundreds of megabytes as one raster). Rows
 * are filtered with "Up", which suits screenshots (long runs of equal columns).
 */
final class PngStitcher {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int FILTER_UP = 2;

    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final DeflaterOutputStream pixels = new DeflaterOutputStream(new IdatChunks(data), new Deflater(6), 64 * 1024);
    private final boolean alpha;
    private final int channels;
    private int width = -1;
    private int rows;
    private int[] argb;
    private byte[] previous;
    private byte[] current;
    private byte[] filtered;

    PngStitcher(boolean alpha) {
        this.alpha = alpha;
        this.channels = alpha ? 4 : 3;
    }

    /** Appends the slice's rows below those already there; every slice must be as wide as the first. */
    void append(BufferedImage slice) {
        if (width < 0) {
            width = slice.getWidth();
            argb = new int[width];
            previous = new byte[width * channels];
            current = new byte[width * channels];
            filtered = new byte[width * channels];
        } else if (slice.getWidth() != width) {
            throw new IllegalArgumentException("slice is " + slice.getWidth() + " px wide, the picture " + width);
        }
        try {
            for (int y = 0; y < slice.getHeight(); y++, rows++) {
                slice.getRGB(0, y, width, 1, argb, 0, width);
                for (int x = 0, i = 0; x < width; x++) {
                    int p = argb[x];
                    current[i++] = (byte) (p >>> 16);
                    current[i++] = (byte) (p >>> 8);
                    current[i++] = (byte) p;
                    if (channels == 4) {
                        current[i++] = (byte) (p >>> 24);
                    }
                }
                pixels.write(FILTER_UP);
                for (int i = 0; i < current.length; i++) {
                    filtered[i] = (byte) (current[i] - previous[i]);
                }
                pixels.write(filtered);
                byte[] swap = previous;
                previous = current;
                current = swap;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int width() {
        return width;
    }

    int height() {
        return rows;
    }

    /** The finished PNG of everything appended. */
    byte[] finish() {
        if (rows == 0) {
            throw new IllegalStateException("nothing was appended");
        }
        try {
            pixels.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] header = new byte[13];
        putInt(header, 0, width);
        putInt(header, 4, rows);
        header[8] = 8;
        header[9] = (byte) (alpha ? 6 : 2);
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.size() + 64);
        out.writeBytes(SIGNATURE);
        chunk(out, "IHDR", header, header.length);
        out.writeBytes(data.toByteArray());
        chunk(out, "IEND", new byte[0], 0);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int length) {
        byte[] head = new byte[8];
        putInt(head, 0, length);
        System.arraycopy(type.getBytes(StandardCharsets.US_ASCII), 0, head, 4, 4);
        CRC32 crc = new CRC32();
        crc.update(head, 4, 4);
        crc.update(data, 0, length);
        out.write(head, 0, 8);
        out.write(data, 0, length);
        byte[] tail = new byte[4];
        putInt(tail, 0, (int) crc.getValue());
        out.write(tail, 0, 4);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    /** Compressed pixel data cut into IDAT chunks. */
    private static final class IdatChunks extends OutputStream {

        private final ByteArrayOutputStream out;

        IdatChunks(ByteArrayOutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > 0) {
                byte[] data = off == 0 ? b : java.util.Arrays.copyOfRange(b, off, off + len);
                chunk(out, "IDAT", data, len);
            }
        }
    }
}
