package dev.quintet.capture.screenshot;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import javax.imageio.plugins.jpeg.JPEGHuffmanTable;
import javax.imageio.plugins.jpeg.JPEGQTable;

/**
 * A baseline JPEG encoder (ITU T.81: sequential DCT, 8 bits, Huffman coding; in a JFIF file) that is given the
 * picture a few rows at a time, top to bottom, and writes the compressed bytes as it goes. It holds one strip of 16
 * rows (a row of MCUs), so a picture 50,000 px tall takes no more memory than one 16 px tall; the JDK's encoder
 * wants the whole picture as one raster.
 *
 * <p>Colours are YCbCr with the chroma halved both ways (4:2:0), as in the JPEG screenshots Chromium encodes. The
 * quantization tables are the examples of T.81 Annex K scaled by {@code quality} as IJG libjpeg scales them, and the
 * Huffman tables those of Annex K.3, so a quality gives about the size and the fidelity it gives in other tools.
 * Partial MCUs at the right and bottom edges are filled by repeating the last column and row.
 */
final class JpegEncoder {

    /**
     * The widest and tallest picture written. The format's fields go to 65,535, but libjpeg, on which browsers and
     * the JDK decode, refuses anything past 65,500.
     */
    static final int MAX_DIMENSION = 65_500;

    private static final int STRIP = 16;
    /** For each position in zigzag order, the index of that coefficient in row-major order. */
    private static final int[] ZIGZAG = zigzag();
    /** {@code COS[u * 8 + x]}: the 1-D DCT basis, scaled so that the 2-D transform is orthonormal. */
    private static final float[] COS = new float[64];

    static {
        for (int u = 0; u < 8; u++) {
            double norm = u == 0 ? Math.sqrt(1.0 / 8) : Math.sqrt(2.0 / 8);
            for (int x = 0; x < 8; x++) {
                COS[u * 8 + x] = (float) (norm * Math.cos((2 * x + 1) * u * Math.PI / 16));
            }
        }
    }

    private final OutputStream out;
    private final int width;
    private final int height;
    private final int stripWidth;
    private final int[] lumaQuant;
    private final int[] chromaQuant;
    /** Reciprocals of the quantizers in zigzag order: [0] luminance, [1] chrominance. */
    private final float[][] reciprocals = new float[2][64];
    private final Huffman[] dc = {new Huffman(JPEGHuffmanTable.StdDCLuminance),
        new Huffman(JPEGHuffmanTable.StdDCChrominance)};
    private final Huffman[] ac = {new Huffman(JPEGHuffmanTable.StdACLuminance),
        new Huffman(JPEGHuffmanTable.StdACChrominance)};

    /** The current strip, level-shifted to be centred on 0, at full resolution; chroma is halved when encoded. */
    private final float[] luma;
    private final float[] blue;
    private final float[] red;
    private final int[] rowPixels;
    private int stripRows;
    private int rows;

    private final float[] block = new float[64];
    private final float[] sums = new float[4];
    private final float[] differences = new float[4];
    private final int[] coefficients = new int[64];
    private final int[] previousDc = new int[3];

    private final byte[] buffer = new byte[64 * 1024];
    private int buffered;
    private long bits;
    private int bitCount;
    private boolean finished;

    /**
     * Starts a picture of the given size and writes its headers.
     *
     * @param quality 1..100, as in libjpeg: 50 gives the Annex K tables, 100 quantizes nothing away
     */
    JpegEncoder(OutputStream out, int width, int height, int quality) {
        if (width < 1 || width > MAX_DIMENSION || height < 1 || height > MAX_DIMENSION) {
            throw new IllegalArgumentException("a JPEG is 1.." + MAX_DIMENSION + " px wide and tall, got " + width
                    + " x " + height);
        }
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("quality must be 1..100, got " + quality);
        }
        this.out = out;
        this.width = width;
        this.height = height;
        this.stripWidth = (width + STRIP - 1) / STRIP * STRIP;
        this.lumaQuant = quantizers(JPEGQTable.K1Luminance.getTable(), quality);
        this.chromaQuant = quantizers(JPEGQTable.K2Chrominance.getTable(), quality);
        for (int k = 0; k < 64; k++) {
            reciprocals[0][k] = 1f / lumaQuant[ZIGZAG[k]];
            reciprocals[1][k] = 1f / chromaQuant[ZIGZAG[k]];
        }
        this.luma = new float[STRIP * stripWidth];
        this.blue = new float[STRIP * stripWidth];
        this.red = new float[STRIP * stripWidth];
        this.rowPixels = new int[width];
        writeHeaders();
    }

    /**
     * The Annex K table {@code base} (row-major) scaled for {@code quality} as libjpeg does: by 5000 / quality
     * percent below 50, by 200 - 2 × quality percent from 50, rounded, and kept within 1..255 (baseline).
     */
    static int[] quantizers(int[] base, int quality) {
        int percent = quality < 50 ? 5000 / quality : 200 - 2 * quality;
        int[] table = new int[64];
        for (int i = 0; i < 64; i++) {
            table[i] = Math.clamp((base[i] * percent + 50) / 100, 1, 255);
        }
        return table;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** Rows given so far. */
    int rows() {
        return rows;
    }

    /** Appends the rows of {@code image}, which must be as wide as the picture, below those given before. */
    void append(BufferedImage image) {
        if (image.getWidth() != width) {
            throw new IllegalArgumentException("rows are " + image.getWidth() + " px wide, the picture " + width);
        }
        for (int y = 0; y < image.getHeight(); y++) {
            image.getRGB(0, y, width, 1, rowPixels, 0, width);
            appendRow(rowPixels, 0);
        }
    }

    /** Appends one row: {@code width} pixels as {@code 0xRRGGBB} from {@code pixels[offset]} (alpha is ignored). */
    void appendRow(int[] pixels, int offset) {
        if (rows == height) {
            throw new IllegalStateException("the picture is " + height + " rows tall; all were given");
        }
        int at = stripRows * stripWidth;
        for (int x = 0; x < width; x++) {
            int p = pixels[offset + x];
            float r = p >> 16 & 0xff;
            float g = p >> 8 & 0xff;
            float b = p & 0xff;
            luma[at + x] = 0.299f * r + 0.587f * g + 0.114f * b - 128;
            blue[at + x] = -0.168736f * r - 0.331264f * g + 0.5f * b;
            red[at + x] = 0.5f * r - 0.418688f * g - 0.081312f * b;
        }
        for (int x = width; x < stripWidth; x++) {
            luma[at + x] = luma[at + width - 1];
            blue[at + x] = blue[at + width - 1];
            red[at + x] = red[at + width - 1];
        }
        rows++;
        if (++stripRows == STRIP) {
            encodeStrip();
        }
    }

    /** Writes the last strip and the end of the picture, and flushes; every row must have been given. */
    void finish() {
        if (finished) {
            return;
        }
        if (rows != height) {
            throw new IllegalStateException("the picture is " + height + " rows tall, " + rows + " were given");
        }
        if (stripRows > 0) {
            int last = (stripRows - 1) * stripWidth;
            for (int row = stripRows; row < STRIP; row++) {
                System.arraycopy(luma, last, luma, row * stripWidth, stripWidth);
                System.arraycopy(blue, last, blue, row * stripWidth, stripWidth);
                System.arraycopy(red, last, red, row * stripWidth, stripWidth);
            }
            encodeStrip();
        }
        if (bitCount > 0) {
            writeBits((1 << (8 - bitCount)) - 1, 8 - bitCount);
        }
        marker(0xd9);
        finished = true;
        try {
            out.write(buffer, 0, buffered);
            buffered = 0;
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row of MCUs: four luminance blocks of 8 × 8, then one of each chrominance, per 16 × 16 pixels. */
    private void encodeStrip() {
        for (int left = 0; left < stripWidth; left += STRIP) {
            encodeBlock(lumaBlock(left, 0), 0);
            encodeBlock(lumaBlock(left + 8, 0), 0);
            encodeBlock(lumaBlock(left, 8), 0);
            encodeBlock(lumaBlock(left + 8, 8), 0);
            encodeBlock(chromaBlock(blue, left), 1);
            encodeBlock(chromaBlock(red, left), 2);
        }
        stripRows = 0;
    }

    private float[] lumaBlock(int left, int top) {
        for (int y = 0; y < 8; y++) {
            System.arraycopy(luma, (top + y) * stripWidth + left, block, y * 8, 8);
        }
        return block;
    }

    /** The 16 × 16 pixels from column {@code left} averaged 2 × 2 into one block. */
    private float[] chromaBlock(float[] plane, int left) {
        for (int y = 0; y < 8; y++) {
            int upper = 2 * y * stripWidth + left;
            int lower = upper + stripWidth;
            for (int x = 0; x < 8; x++) {
                int at = 2 * x;
                block[y * 8 + x] = 0.25f * (plane[upper + at] + plane[upper + at + 1] + plane[lower + at]
                        + plane[lower + at + 1]);
            }
        }
        return block;
    }

    private void encodeBlock(float[] samples, int component) {
        for (int row = 0; row < 64; row += 8) {
            transform(samples, row, 1);
        }
        for (int column = 0; column < 8; column++) {
            transform(samples, column, 8);
        }
        int table = component == 0 ? 0 : 1;
        float[] reciprocal = reciprocals[table];
        for (int k = 0; k < 64; k++) {
            float v = samples[ZIGZAG[k]] * reciprocal[k];
            coefficients[k] = Math.clamp((int) (v < 0 ? v - 0.5f : v + 0.5f), -1023, 1023);
        }
        int difference = coefficients[0] - previousDc[component];
        previousDc[component] = coefficients[0];
        int size = magnitude(difference);
        dc[table].write(this, size);
        writeBits(difference < 0 ? difference - 1 : difference, size);
        int zeros = 0;
        for (int k = 1; k < 64; k++) {
            int v = coefficients[k];
            if (v == 0) {
                zeros++;
                continue;
            }
            for (; zeros > 15; zeros -= 16) {
                ac[table].write(this, 0xf0);
            }
            size = magnitude(v);
            ac[table].write(this, zeros << 4 | size);
            writeBits(v < 0 ? v - 1 : v, size);
            zeros = 0;
        }
        if (zeros > 0) {
            ac[table].write(this, 0x00);
        }
    }

    /**
     * The 8-point DCT of the samples {@code start, start + step, ...} in place. The basis is even for even
     * frequencies and odd for odd ones, so each half of the sums takes four products instead of eight.
     */
    private void transform(float[] b, int start, int step) {
        for (int x = 0; x < 4; x++) {
            float near = b[start + x * step];
            float far = b[start + (7 - x) * step];
            sums[x] = near + far;
            differences[x] = near - far;
        }
        for (int u = 0; u < 8; u++) {
            float[] half = (u & 1) == 0 ? sums : differences;
            int c = u * 8;
            b[start + u * step] = COS[c] * half[0] + COS[c + 1] * half[1] + COS[c + 2] * half[2]
                    + COS[c + 3] * half[3];
        }
    }

    /** The number of bits of {@code |v|}: the category T.81 codes before the bits themselves. */
    private static int magnitude(int v) {
        return 32 - Integer.numberOfLeadingZeros(Math.abs(v));
    }

    /** Appends the low {@code count} (at most 16) bits of {@code value}, a 0 byte after each 0xFF one. */
    private void writeBits(int value, int count) {
        bits = bits << count | value & (1L << count) - 1;
        bitCount += count;
        while (bitCount >= 8) {
            bitCount -= 8;
            int b = (int) (bits >>> bitCount) & 0xff;
            put(b);
            if (b == 0xff) {
                put(0);
            }
        }
    }

    private void put(int b) {
        if (buffered == buffer.length) {
            try {
                out.write(buffer, 0, buffered);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            buffered = 0;
        }
        buffer[buffered++] = (byte) b;
    }

    private void put16(int v) {
        put(v >> 8);
        put(v);
    }

    private void marker(int code) {
        put(0xff);
        put(code);
    }

    private void writeHeaders() {
        marker(0xd8);
        marker(0xe0); // APP0: JFIF 1.01, no density unit, square pixels, no thumbnail
        put16(16);
        for (char c : "JFIF\0".toCharArray()) {
            put(c);
        }
        put(1);
        put(1);
        put(0);
        put16(1);
        put16(1);
        put(0);
        put(0);
        marker(0xdb); // DQT: 8-bit tables 0 (luminance) and 1 (chrominance), in zigzag order
        put16(2 + 2 * 65);
        int[][] tables = {lumaQuant, chromaQuant};
        for (int t = 0; t < 2; t++) {
            put(t);
            for (int k = 0; k < 64; k++) {
                put(tables[t][ZIGZAG[k]]);
            }
        }
        marker(0xc0); // SOF0: baseline, 8 bits, Y sampled 2 x 2, Cb and Cr 1 x 1
        put16(17);
        put(8);
        put16(height);
        put16(width);
        put(3);
        int[][] components = {{1, 0x22, 0}, {2, 0x11, 1}, {3, 0x11, 1}};
        for (int[] c : components) {
            put(c[0]);
            put(c[1]);
            put(c[2]);
        }
        marker(0xc4); // DHT: DC and AC tables 0 (luminance) and 1 (chrominance)
        put16(2 + dc[0].size() + ac[0].size() + dc[1].size() + ac[1].size());
        dc[0].writeTable(this, 0x00);
        ac[0].writeTable(this, 0x10);
        dc[1].writeTable(this, 0x01);
        ac[1].writeTable(this, 0x11);
        marker(0xda); // SOS: all three components, the whole spectrum
        put16(12);
        put(3);
        for (int[] c : components) {
            put(c[0]);
            put(c[0] == 1 ? 0x00 : 0x11);
        }
        put(0);
        put(63);
        put(0);
    }

    /** The order of T.81 figure A.6: along the anti-diagonals, alternately up and down. */
    private static int[] zigzag() {
        int[] order = new int[64];
        int k = 0;
        for (int diagonal = 0; diagonal < 15; diagonal++) {
            for (int i = 0; i <= diagonal; i++) {
                int row = diagonal % 2 == 0 ? diagonal - i : i;
                int column = diagonal - row;
                if (row < 8 && column < 8) {
                    order[k++] = row * 8 + column;
                }
            }
        }
        return order;
    }

    /** A Huffman table as given by T.81 (code counts per length and symbols), and its codes (Annex C). */
    private static final class Huffman {

        private final short[] lengths;
        private final short[] symbols;
        private final int[] codes = new int[256];
        private final int[] sizes = new int[256];

        Huffman(JPEGHuffmanTable table) {
            lengths = table.getLengths();
            symbols = table.getValues();
            int code = 0;
            int k = 0;
            for (int length = 1; length <= 16; length++) {
                for (int i = 0; i < lengths[length - 1]; i++, k++, code++) {
                    codes[symbols[k]] = code;
                    sizes[symbols[k]] = length;
                }
                code <<= 1;
            }
        }

        void write(JpegEncoder encoder, int symbol) {
            encoder.writeBits(codes[symbol], sizes[symbol]);
        }

        int size() {
            return 1 + 16 + symbols.length;
        }

        void writeTable(JpegEncoder encoder, int classAndId) {
            encoder.put(classAndId);
            for (short n : lengths) {
                encoder.put(n);
            }
            for (short s : symbols) {
                encoder.put(s);
            }
        }
    }
}
