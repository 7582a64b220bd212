package dev.quintet.capture.screenshot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.awt.image.BufferedImage;
import javax.imageio.ImageIO;

/** Reads the pixel size of an encoded PNG, JPEG or WebP image. */
final class ImageSize {

    private ImageSize() {
    }

    static int[] of(byte[] bytes, String format) {
        if (format.equals("webp")) {
            return webp(bytes);
        }
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            return image == null ? new int[] {0, 0} : new int[] {image.getWidth(), image.getHeight()};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[] webp(byte[] b) {
        if (b.length < 30) {
            return new int[] {0, 0};
        }
        String chunk = new String(b, 12, 4, java.nio.charset.StandardCharsets.US_ASCII);
        return switch (chunk) {
            case "VP8X" -> new int[] {1 + u24(b, 24), 1 + u24(b, 27)};
            case "VP8L" -> {
                int bits = (b[21] & 0xff) | (b[22] & 0xff) << 8 | (b[23] & 0xff) << 16 | (b[24] & 0xff) << 24;
                yield new int[] {1 + (bits & 0x3fff), 1 + (bits >> 14 & 0x3fff)};
            }
            case "VP8 " -> new int[] {u16(b, 26) & 0x3fff, u16(b, 28) & 0x3fff};
            default -> new int[] {0, 0};
        };
    }

    private static int u24(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }
}
