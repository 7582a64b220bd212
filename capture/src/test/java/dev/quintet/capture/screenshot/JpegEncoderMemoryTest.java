package dev.quintet.capture.screenshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JPEG 1,280 × 50,000 px is encoded in a JVM whose heap cannot hold the picture even at one byte per pixel (64 MB;
 * the JDK's encoder would want 192 MB for its raster): the encoder keeps a strip of rows, not the picture.
 */
class JpegEncoderMemoryTest {

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 50_000;
    private static final String HEAP = "-Xmx32m";

    @TempDir
    Path dir;

    @Test
    void encodesAPictureTallerThanTheHeapCouldHold() throws Exception {
        Path file = dir.resolve("tall.jpeg");

        Run control = run("raster", String.valueOf(WIDTH), String.valueOf(HEIGHT));
        Run encoded = run("encode", file.toString(), String.valueOf(WIDTH), String.valueOf(HEIGHT));

        assertThat(control.exit).as("the heap cannot hold one byte per pixel: %s", control.output).isNotZero();
        assertThat(control.output).contains("OutOfMemoryError");
        assertThat(encoded.exit).as(encoded.output).isZero();
        assertThat(encoded.output).contains("encoded maxMemory=");
        long maxMemory = Long.parseLong(encoded.output.replaceAll("(?s).*maxMemory=(\\d+).*", "$1"));
        assertThat(maxMemory).isLessThan((long) WIDTH * HEIGHT);
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("jpeg").next();
            reader.setInput(in);
            assertThat(reader.getWidth(0)).isEqualTo(WIDTH);
            assertThat(reader.getHeight(0)).isEqualTo(HEIGHT);
            // decoding to the last rows reads the whole stream; only the region is held
            ImageReadParam region = reader.getDefaultReadParam();
            region.setSourceRegion(new Rectangle(0, HEIGHT - 1000, WIDTH, 1000));
            BufferedImage bottom = reader.read(0, region);
            reader.dispose();
            BufferedImage expected = new BufferedImage(WIDTH, 1000, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < 1000; y++) {
                for (int x = 0; x < WIDTH; x++) {
                    expected.setRGB(x, y, TallJpegWriter.pixel(x, HEIGHT - 1000 + y));
                }
            }
            // the dots of "text" on saturated colours cost fidelity at quality 80; rows out of place would cost all
            assertThat(JpegEncoderTest.psnr(expected, bottom)).isGreaterThan(25);
            for (int y : new int[] {50, 150, 850, 999}) {
                JpegEncoderTest.assertNear(bottom.getRGB(640, y), TallJpegWriter.pixel(640, HEIGHT - 1000 + y), 6,
                        "the last band, row " + (HEIGHT - 1000 + y));
            }
        }
    }

    private record Run(int exit, String output) {
    }

    /** Runs {@link TallJpegWriter} in a JVM of its own with a small heap. */
    private static Run run(String... args) throws Exception {
        String classPath = location(JpegEncoder.class) + File.pathSeparator + location(TallJpegWriter.class);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), HEAP, "-XX:+UseSerialGC", "-Djava.awt.headless=true", "-cp", classPath,
                TallJpegWriter.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        System.out.println(String.join(" ", args) + " (" + HEAP + "): " + output.strip());
        return new Run(exit, output);
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
