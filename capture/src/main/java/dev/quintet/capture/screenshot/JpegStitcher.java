package dev.quintet.capture.screenshot;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;

/**
 * Writes one JPEG from images of one width stacked top to bottom, encoding rows as they come ({@link JpegEncoder}),
 * so only the current slice is held decoded. A JPEG's height is written before its rows, unlike a PNG's, so it is
 * fixed first and each slice is given its share of it. Chromium rounds each slice's height on its own, so a slice
 * may come out a row taller than its share (its extra rows are dropped) or shorter (its last row is repeated).
 */
final class JpegStitcher {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final JpegEncoder encoder;
    private final int[] row;

    JpegStitcher(int width, int height, int quality) {
        this.encoder = new JpegEncoder(out, width, height, quality);
        this.row = new int[width];
    }

    /** Appends the slice as its next {@code rows} rows; the slice must be as wide as the picture. */
    void append(BufferedImage slice, int rows) {
        int width = encoder.width();
        if (slice.getWidth() != width) {
            throw new IllegalArgumentException("slice is " + slice.getWidth() + " px wide, the picture " + width);
        }
        if (rows < 0 || rows > encoder.height() - encoder.rows()) {
            throw new IllegalArgumentException("the picture has " + (encoder.height() - encoder.rows())
                    + " rows left, the slice was given " + rows);
        }
        for (int y = 0; y < rows; y++) {
            if (y < slice.getHeight()) {
                slice.getRGB(0, y, width, 1, row, 0, width);
            }
            encoder.appendRow(row, 0);
        }
    }

    int width() {
        return encoder.width();
    }

    int height() {
        return encoder.height();
    }

    /** The finished JPEG; every row of the picture must have been appended. */
    byte[] finish() {
        encoder.finish();
        return out.toByteArray();
    }
}
