package dev.quintet.capture.screenshot;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Run in a JVM of its own with a small heap by {@link JpegEncoderMemoryTest}: {@code encode <file> <width> <height>}
 * writes a JPEG of {@link #pixel} row by row, never holding the picture; {@code raster <width> <height>} tries to
 * hold one byte per pixel of such a picture and must fail, showing the heap is too small for any whole picture.
 * Prints what it did and the heap's limit and peak on standard output.
 */
public final class TallJpegWriter {

    private TallJpegWriter() {
    }

    /** Bands 1,000 rows tall in the colours of the API test, crossed by short dark strokes like lines of text. */
    static int pixel(int x, int y) {
        int band = y / 1000;
        int inBand = y % 1000;
        if (inBand >= 200 && inBand < 800 && inBand % 24 < 12 && (x / 4 + inBand) % 9 == 0) {
            return 0x202020;
        }
        return ((band * 53) % 256) << 16 | ((255 - band * 5) & 0xff) << 8 | (band * 97) % 256;
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("raster")) {
            int width = Integer.parseInt(args[1]);
            int height = Integer.parseInt(args[2]);
            byte[] plane = new byte[Math.multiplyExact(width, height)];
            System.out.println("held " + plane.length + " bytes");
            return;
        }
        int width = Integer.parseInt(args[2]);
        int height = Integer.parseInt(args[3]);
        int[] row = new int[width];
        try (OutputStream out = new FileOutputStream(args[1])) {
            JpegEncoder encoder = new JpegEncoder(out, width, height, 80);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    row[x] = pixel(x, y);
                }
                encoder.appendRow(row, 0);
            }
            encoder.finish();
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println("encoded maxMemory=" + Runtime.getRuntime().maxMemory() + " peakHeap=" + peak);
    }
}
