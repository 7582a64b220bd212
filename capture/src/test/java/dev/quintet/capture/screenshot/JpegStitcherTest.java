package dev.quintet.capture.screenshot;

import static dev.quintet.capture.screenshot.JpegEncoderTest.assertNear;
import static dev.quintet.capture.screenshot.JpegEncoderTest.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Slices stacked into one JPEG, each given its planned share of the rows. */
class JpegStitcherTest {

    private static BufferedImage solid(int width, int height, int rgb) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, rgb);
            }
        }
        return image;
    }

    @Test
    void stacksSlicesTopToBottom() throws IOException {
        JpegStitcher jpeg = new JpegStitcher(50, 300, 90);
        jpeg.append(solid(50, 100, 0xff0000), 100);
        jpeg.append(solid(50, 100, 0x00ff00), 100);
        jpeg.append(solid(50, 100, 0x0000ff), 100);

        BufferedImage image = decode(jpeg.finish());

        assertThat(image.getWidth()).isEqualTo(50);
        assertThat(image.getHeight()).isEqualTo(300);
        assertNear(image.getRGB(25, 50), 0xff0000, 6, "first slice");
        assertNear(image.getRGB(25, 150), 0x00ff00, 6, "second slice");
        assertNear(image.getRGB(25, 250), 0x0000ff, 6, "third slice");
    }

    @Test
    void dropsTheRowsOfASliceBeyondItsShareAndRepeatsTheLastOneOfAShortSlice() throws IOException {
        BufferedImage tall = solid(40, 66, 0x000000);
        for (int x = 0; x < 40; x++) {
            tall.setRGB(x, 64, 0xffffff);
            tall.setRGB(x, 65, 0xffffff);
        }
        BufferedImage shortSlice = solid(40, 50, 0xffffff);
        for (int x = 0; x < 40; x++) {
            shortSlice.setRGB(x, 48, 0x0000ff);
            shortSlice.setRGB(x, 49, 0x0000ff);
        }
        JpegStitcher jpeg = new JpegStitcher(40, 128, 95);
        jpeg.append(tall, 64);
        jpeg.append(shortSlice, 64);

        BufferedImage image = decode(jpeg.finish());

        assertThat(image.getHeight()).isEqualTo(128);
        assertNear(image.getRGB(20, 63), 0x000000, 8, "the tall slice's two white rows past its share are dropped");
        assertNear(image.getRGB(20, 66), 0xffffff, 8, "the short slice starts right below the tall one's share");
        assertNear(image.getRGB(20, 111), 0xffffff, 8, "the short slice's white rows");
        for (int y = 114; y < 128; y++) {
            assertNear(image.getRGB(20, y), 0x0000ff, 8, "the short slice's last, blue, row repeated at " + y);
        }
    }

    @Test
    void refusesASliceOfAnotherWidthOrBeyondThePicture() {
        JpegStitcher jpeg = new JpegStitcher(40, 100, 80);

        assertThatThrownBy(() -> jpeg.append(solid(41, 10, 0), 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("slice is 41 px wide, the picture 40");
        jpeg.append(solid(40, 60, 0), 60);
        assertThatThrownBy(() -> jpeg.append(solid(40, 60, 0), 60)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the picture has 40 rows left, the slice was given 60");
        assertThatThrownBy(jpeg::finish).isInstanceOf(IllegalStateException.class);
    }
}
