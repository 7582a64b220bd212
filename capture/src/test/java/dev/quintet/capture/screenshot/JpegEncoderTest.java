package dev.quintet.capture.screenshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.plugins.jpeg.JPEGQTable;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The baseline JPEG encoder, checked by decoding its output with the JDK's (libjpeg-based) reader. */
class JpegEncoderTest {

    /** Something like a screenshot: a coloured header, lines of text, a gradient, a photo-like noisy patch. */
    static BufferedImage screenshotLike(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(0x1f3c88));
        g.fillRect(0, 0, width, 60);
        g.setColor(new Color(0x222222));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        for (int y = 100, i = 0; y < height; y += 22, i++) {
            g.drawString("Line " + i + ": the quick brown fox jumps over the lazy dog, 0123456789", 24, y);
        }
        g.setPaint(new GradientPaint(width / 2f, 80, new Color(0xe04040), width, height, new Color(0x40c080)));
        g.fillRoundRect(width / 2, 80, width / 2 - 20, height / 3, 24, 24);
        Random random = new Random(7);
        for (int y = height * 2 / 3; y < height - 10; y++) {
            for (int x = width / 2; x < width - 10; x++) {
                int shade = 120 + (x + y) % 60 + random.nextInt(20);
                image.setRGB(x, y, shade << 16 | (shade * 3 / 4) << 8 | shade / 2);
            }
        }
        g.dispose();
        return image;
    }

    static byte[] encode(BufferedImage image, int quality) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JpegEncoder encoder = new JpegEncoder(out, image.getWidth(), image.getHeight(), quality);
        encoder.append(image);
        encoder.finish();
        return out.toByteArray();
    }

    static BufferedImage decode(byte[] jpeg) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
        assertThat(image).as("decodable JPEG").isNotNull();
        return image;
    }

    /** The peak signal-to-noise ratio of {@code decoded} against {@code source} over all three channels, in dB. */
    static double psnr(BufferedImage source, BufferedImage decoded) {
        double squares = 0;
        for (int y = 0; y < source.getHeight(); y++) {
            for (int x = 0; x < source.getWidth(); x++) {
                int a = source.getRGB(x, y);
                int b = decoded.getRGB(x, y);
                for (int shift = 0; shift < 24; shift += 8) {
                    int d = (a >> shift & 0xff) - (b >> shift & 0xff);
                    squares += d * d;
                }
            }
        }
        double mean = squares / (3.0 * source.getWidth() * source.getHeight());
        return mean == 0 ? Double.POSITIVE_INFINITY : 10 * Math.log10(255.0 * 255.0 / mean);
    }

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1, 1", "1, 37", "37, 1", "7, 9", "8, 8", "16, 16", "17, 33", "15, 17", "100, 250", "1283, 957"})
    void decodesToExactlyTheGivenSize(int width, int height) throws IOException {
        BufferedImage source = screenshotLike(width, height);

        BufferedImage decoded = decode(encode(source, 90));

        assertThat(decoded.getWidth()).isEqualTo(width);
        assertThat(decoded.getHeight()).isEqualTo(height);
        assertThat(psnr(source, decoded)).isGreaterThan(30);
    }

    @Test
    void keepsDetailAtQuality90() throws IOException {
        BufferedImage source = screenshotLike(1283, 957);

        assertThat(psnr(source, decode(encode(source, 90)))).isGreaterThan(38);
    }

    @Test
    void keepsFlatColoursAndTheirEdgesAtTheirPlace() throws IOException {
        int[] colours = {0xff0000, 0x00ff00, 0x0000ff, 0xffffff, 0x000000, 0x336699};
        BufferedImage source = new BufferedImage(6 * 40, 50, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < source.getWidth(); x++) {
            for (int y = 0; y < source.getHeight(); y++) {
                source.setRGB(x, y, colours[x / 40]);
            }
        }

        BufferedImage decoded = decode(encode(source, 90));

        for (int i = 0; i < colours.length; i++) {
            for (int y : new int[] {0, 25, 49}) {
                assertNear(decoded.getRGB(i * 40 + 20, y), colours[i], 6, "colour " + i + " at row " + y);
            }
        }
    }

    @Test
    void growsWithQuality() {
        BufferedImage source = screenshotLike(640, 480);
        List<Integer> sizes = new ArrayList<>();
        for (int quality : new int[] {1, 10, 30, 50, 70, 80, 90, 95, 100}) {
            sizes.add(encode(source, quality).length);
        }

        assertThat(sizes).isSorted();
        assertThat(sizes.getLast()).isGreaterThan(4 * sizes.getFirst());
    }

    @Test
    void losesLessWithQuality() throws IOException {
        BufferedImage source = screenshotLike(640, 480);

        double low = psnr(source, decode(encode(source, 20)));
        double middle = psnr(source, decode(encode(source, 60)));
        double high = psnr(source, decode(encode(source, 95)));

        assertThat(low).isLessThan(middle);
        assertThat(middle).isLessThan(high);
    }

    /** The file and the fidelity a quality gives are those of the JDK's own (libjpeg) encoder, within a little. */
    @ParameterizedTest
    @CsvSource({"50", "80", "90"})
    void comparesWithTheJdkEncoderAtTheSameQuality(int quality) throws IOException {
        BufferedImage source = screenshotLike(1283, 957);
        byte[] ours = encode(source, quality);
        byte[] theirs = jdkEncoded(source, quality);

        assertThat((double) ours.length).isCloseTo(theirs.length, org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(psnr(source, decode(ours))).isCloseTo(psnr(source, decode(theirs)),
                org.assertj.core.data.Offset.offset(0.2));
    }

    @Test
    void scalesTheAnnexKTablesAsLibjpegDoes() {
        int[] luminance = JPEGQTable.K1Luminance.getTable();
        int[] chrominance = JPEGQTable.K2Chrominance.getTable();

        assertThat(JpegEncoder.quantizers(luminance, 50)).containsExactly(luminance);
        assertThat(JpegEncoder.quantizers(luminance, 100)).containsOnly(1);
        assertThat(JpegEncoder.quantizers(chrominance, 1)).containsOnly(255);
        // libjpeg's tables at quality 80 (row-major): 40 % of Annex K, rounded half up
        assertThat(Arrays.copyOf(JpegEncoder.quantizers(luminance, 80), 8)).containsExactly(6, 4, 4, 6, 10, 16, 20, 24);
        assertThat(Arrays.copyOf(JpegEncoder.quantizers(chrominance, 80), 8))
                .containsExactly(7, 7, 10, 19, 40, 40, 40, 40);
        // below 50 the percentage is 5000 / quality in integers: 5000 / 47 = 106 %, so 16 -> 17 and 11 -> 12
        assertThat(Arrays.copyOf(JpegEncoder.quantizers(luminance, 47), 2)).containsExactly(17, 12);
    }

    @Test
    void writesTheQuantizationTablesItUsesInZigzagOrder() {
        byte[] jpeg = encode(screenshotLike(16, 16), 80);
        int dqt = indexOf(jpeg, 0xff, 0xdb);

        assertThat(dqt).isPositive();
        // the first table in zigzag order, as libjpeg writes it at quality 80
        int[] expected = {6, 4, 5, 6, 5, 4, 6, 6, 5, 6, 7, 7, 6, 8, 10, 16};
        for (int k = 0; k < expected.length; k++) {
            assertThat(jpeg[dqt + 5 + k] & 0xff).as("zigzag position %d", k).isEqualTo(expected[k]);
        }
    }

    @Test
    void writesABaselineJfifFileWithChromaHalvedBothWays() {
        byte[] jpeg = encode(screenshotLike(33, 20), 80);

        assertThat(jpeg).startsWith(0xff, 0xd8, 0xff, 0xe0);
        assertThat(new String(jpeg, 6, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("JFIF");
        int sof = indexOf(jpeg, 0xff, 0xc0);
        assertThat(sof).as("a baseline frame header").isPositive();
        assertThat((jpeg[sof + 5] & 0xff) << 8 | jpeg[sof + 6] & 0xff).isEqualTo(20);
        assertThat((jpeg[sof + 7] & 0xff) << 8 | jpeg[sof + 8] & 0xff).isEqualTo(33);
        assertThat(jpeg[sof + 11]).as("luminance sampled 2 x 2").isEqualTo((byte) 0x22);
        assertThat(jpeg[sof + 14]).as("Cb sampled 1 x 1").isEqualTo((byte) 0x11);
        assertThat(jpeg[jpeg.length - 2] & 0xff).isEqualTo(0xff);
        assertThat(jpeg[jpeg.length - 1] & 0xff).isEqualTo(0xd9);
    }

    @Test
    void writesBytesAsTheRowsComeNotAtTheEnd() {
        int width = 512;
        CountingStream out = new CountingStream();
        JpegEncoder encoder = new JpegEncoder(out, width, 4_000, 80);
        Random random = new Random(1);
        int[] row = new int[width];
        for (int y = 0; y < 2_000; y++) {
            for (int x = 0; x < width; x++) {
                row[x] = random.nextInt(1 << 24);
            }
            encoder.appendRow(row, 0);
        }

        assertThat(out.count).as("bytes written after half the rows").isGreaterThan(500_000);
    }

    @Test
    void refusesAQualityOutside1To100() {
        OutputStream out = new ByteArrayOutputStream();

        assertThatThrownBy(() -> new JpegEncoder(out, 10, 10, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quality must be 1..100, got 0");
        assertThatThrownBy(() -> new JpegEncoder(out, 10, 10, 101)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quality must be 1..100, got 101");
    }

    @Test
    void refusesSizesDecodersDoNotRead() {
        OutputStream out = new ByteArrayOutputStream();

        assertThatThrownBy(() -> new JpegEncoder(out, 0, 10, 80)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1..65500");
        assertThatThrownBy(() -> new JpegEncoder(out, 10, 65_501, 80)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a JPEG is 1..65500 px wide and tall, got 10 x 65501");
    }

    @Test
    void decodesAtTheTallestSizeItWrites() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JpegEncoder encoder = new JpegEncoder(out, 2, JpegEncoder.MAX_DIMENSION, 80);
        int[] row = new int[2];
        for (int y = 0; y < JpegEncoder.MAX_DIMENSION; y++) {
            Arrays.fill(row, y < 32_000 ? 0x000000 : 0xffffff);
            encoder.appendRow(row, 0);
        }
        encoder.finish();

        BufferedImage decoded = decode(out.toByteArray());
        assertThat(decoded.getHeight()).isEqualTo(65_500);
        assertNear(decoded.getRGB(1, 100), 0x000000, 4, "top");
        assertNear(decoded.getRGB(1, 65_499), 0xffffff, 4, "bottom");
    }

    @Test
    void wantsExactlyTheRowsItWasToldOf() {
        JpegEncoder encoder = new JpegEncoder(new ByteArrayOutputStream(), 3, 2, 80);
        int[] row = new int[3];
        encoder.appendRow(row, 0);

        assertThatThrownBy(encoder::finish).isInstanceOf(IllegalStateException.class)
                .hasMessage("the picture is 2 rows tall, 1 were given");
        encoder.appendRow(row, 0);
        assertThatThrownBy(() -> encoder.appendRow(row, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> encoder.append(new BufferedImage(4, 1, BufferedImage.TYPE_INT_RGB)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static void assertNear(int actual, int expected, int tolerance, String what) {
        for (int shift = 0; shift < 24; shift += 8) {
            assertThat(actual >> shift & 0xff).as("%s: %06x vs %06x", what, actual & 0xffffff, expected)
                    .isCloseTo(expected >> shift & 0xff, org.assertj.core.data.Offset.offset(tolerance));
        }
    }

    private static int indexOf(byte[] bytes, int first, int second) {
        for (int i = 0; i + 1 < bytes.length; i++) {
            if ((bytes[i] & 0xff) == first && (bytes[i + 1] & 0xff) == second) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] jdkEncoded(BufferedImage image, int quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(quality / 100f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    private static final class CountingStream extends OutputStream {

        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
