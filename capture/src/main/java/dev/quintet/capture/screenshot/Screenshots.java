package dev.quintet.capture.screenshot;

import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import com.microsoft.playwright.options.ScreenshotType;
import com.google.gson.JsonObject;
import dev.quintet.platform.errors.ApiException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Takes screenshots of a loaded page: viewport, full page or one element, as PNG, JPEG or WebP. A full page taller
 * than Chromium captures in one piece is captured in slices (as PNG, which loses nothing) and stitched into one PNG
 * or JPEG, encoded a row at a time.
 */
public final class Screenshots {

    /**
     * The tallest picture, in device pixels, Chromium captures in one piece; past its texture limit (16,384) it
     * repeats content instead. Also the WebP format's limit.
     */
    public static final int SINGLE_CAPTURE_PIXELS = 16_000;
    /**
     * The tallest JPEG, in device pixels: its format stops at 65,535, and libjpeg, which browsers and the JDK decode
     * with, at 65,500.
     */
    public static final int MAX_JPEG_PIXELS = JpegEncoder.MAX_DIMENSION;
    /** The height of one slice of a stitched capture, in device pixels. */
    private static final int SLICE_PIXELS = 8_000;
    /** How long a picture waits for web fonts still loading before it is taken with what has arrived. */
    private static final int FONTS_WAIT_MILLIS = 3_000;

    public Shot take(Page page, ScreenshotSpec spec) {
        if (spec.fullPage()) {
            int height = Math.min(pageHeight(page), spec.maxHeight());
            double ratio = devicePixelRatio(page);
            double pixelsPerCss = ratio * thumbnailScale(spec, page.viewportSize().width, ratio);
            if (height * pixelsPerCss > SINGLE_CAPTURE_PIXELS) {
                return stitched(page, spec, height, pixelsPerCss);
            }
        }
        byte[] bytes = spec.selector() != null && !spec.needsDevTools() ? element(page, spec) : devTools(page, spec);
        int[] size = ImageSize.of(bytes, spec.format());
        return new Shot(bytes, spec.mediaType(), size[0], size[1]);
    }

    /** An element as Playwright takes it, scrolled into view; PNG or JPEG at full size. */
    private static byte[] element(Page page, ScreenshotSpec spec) {
        ScreenshotType type = spec.format().equals("jpeg") ? ScreenshotType.JPEG : ScreenshotType.PNG;
        ElementHandle.ScreenshotOptions options = new ElementHandle.ScreenshotOptions().setType(type)
                .setOmitBackground(spec.omitBackground() && type == ScreenshotType.PNG);
        if (type == ScreenshotType.JPEG) {
            options.setQuality(spec.quality());
        }
        return element(page, spec.selector()).screenshot(options);
    }

    /**
     * Chromium's capture command, in one round trip after the page is prepared: the viewport where the page is
     * scrolled to, a clip (cut to the page) or the full page, in any of the three formats, scaled to a thumbnail
     * when asked. PNG is compressed for speed (larger files, the same pixels).
     */
    private static byte[] devTools(Page page, ScreenshotSpec spec) {
        Layout layout = prepare(page);
        JsonObject args = new JsonObject();
        args.addProperty("format", spec.format());
        if (!spec.format().equals("png")) {
            args.addProperty("quality", spec.quality());
        }
        args.addProperty("optimizeForSpeed", true);
        double x = layout.scrollX();
        double y = layout.scrollY();
        double width = page.viewportSize().width;
        double height = page.viewportSize().height;
        if (spec.selector() != null) {
            BoundingBox box = element(page, spec.selector()).boundingBox();
            x += box.x;
            y += box.y;
            width = box.width;
            height = box.height;
        } else if (spec.clip() != null) {
            ScreenshotSpec.Clip clip = spec.clip();
            x = clip.x();
            y = clip.y();
            width = Math.min(clip.x() + clip.width(), layout.width()) - x;
            height = Math.min(clip.y() + clip.height(), layout.height()) - y;
            if (width <= 0 || height <= 0) {
                throw ApiException.invalidParameter("clip", "clip lies outside the page, which is " + layout.width()
                        + "×" + layout.height() + " CSS px, got " + clip.x() + "," + clip.y() + "," + clip.width()
                        + "," + clip.height());
            }
        } else if (spec.fullPage()) {
            x = 0;
            y = 0;
            height = Math.min(layout.height(), spec.maxHeight());
        }
        double ratio = layout.devicePixelRatio();
        double scale = ratio * thumbnailScale(spec, width, ratio);
        args.add("clip", clip(x, y, width, height, scale));
        args.addProperty("captureBeyondViewport", spec.fullPage() || spec.selector() != null || spec.clip() != null);
        CDPSession session = page.context().newCDPSession(page);
        try {
            if (spec.omitBackground()) {
                JsonObject transparent = new JsonObject();
                transparent.add("color", rgba(0, 0, 0, 0));
                session.send("Emulation.setDefaultBackgroundColorOverride", transparent);
            }
            byte[] bytes = capture(session, args);
            // a clip is taken at one pixel per CSS px times its scale, which should make up the device scale; should
            // Chromium apply the device scale itself, the width shows it and the capture is taken again
            int expectedWidth = (int) Math.round(width * scale);
            int takenWidth = ImageSize.of(bytes, spec.format())[0];
            if (Math.abs(takenWidth - expectedWidth) > 1) {
                args.add("clip", clip(x, y, width, height, scale * expectedWidth / takenWidth));
                bytes = capture(session, args);
            }
            return bytes;
        } finally {
            session.detach();
        }
    }

    /** Where the page is scrolled to, its size in CSS px and its device pixel ratio. */
    private record Layout(double scrollX, double scrollY, int width, int height, double devicePixelRatio) {
    }

    /**
     * Readies the page for its picture as Playwright does, in one call: hides the text caret (a focused field would
     * show it or not depending on the moment; a constructed sheet, so the page's CSP does not stop it) and waits
     * for the page's fonts; then measures the page.
     */
    private static Layout prepare(Page page) {
        List<?> measured = (List<?>) page.evaluate("async () => {"
                + " const sheet = new CSSStyleSheet();"
                + " sheet.replaceSync('* { caret-color: transparent !important; }');"
                + " document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];"
                + " await Promise.race([document.fonts.ready, new Promise(r => setTimeout(r, " + FONTS_WAIT_MILLIS + "))]);"
                + " const d = document.documentElement, b = document.body;"
                + " return [window.scrollX, window.scrollY,"
                + "   Math.max(d.scrollWidth, b ? b.scrollWidth : 0, d.clientWidth),"
                + "   Math.max(d.scrollHeight, b ? b.scrollHeight : 0, 1), window.devicePixelRatio]; }");
        return new Layout(number(measured, 0), number(measured, 1), (int) number(measured, 2),
                (int) number(measured, 3), number(measured, 4));
    }

    private static double number(List<?> values, int index) {
        return ((Number) values.get(index)).doubleValue();
    }

    /**
     * The full page {@code height} CSS px tall, in slices Chromium can take, stitched into one PNG or JPEG (the
     * controller keeps WebP within one capture).
     */
    private static Shot stitched(Page page, ScreenshotSpec spec, int height, double pixelsPerCss) {
        int width = page.viewportSize().width;
        int sliceHeight = Math.max(1, (int) (SLICE_PIXELS / pixelsPerCss));
        double scale = thumbnailScale(spec, width, devicePixelRatio(page));
        CDPSession session = page.context().newCDPSession(page);
        try {
            if (spec.omitBackground()) {
                JsonObject transparent = new JsonObject();
                transparent.add("color", rgba(0, 0, 0, 0));
                session.send("Emulation.setDefaultBackgroundColorOverride", transparent);
            }
            // a capture beyond the viewport may come out at one pixel per CSS px whatever the page's device
            // scale: the first slice shows the factor still missing, and the clip's scale makes it up
            int expectedWidth = (int) Math.round(width * pixelsPerCss);
            int firstHeight = Math.min(sliceHeight, height);
            BufferedImage first = slice(session, width, 0, firstHeight, scale);
            if (Math.abs(first.getWidth() - expectedWidth) > 1) {
                scale *= (double) expectedWidth / first.getWidth();
                first = slice(session, width, 0, firstHeight, scale);
            }
            if (spec.format().equals("jpeg")) {
                return stitchedJpeg(session, spec, width, height, sliceHeight, scale, first);
            }
            PngStitcher png = new PngStitcher(spec.omitBackground());
            png.append(first);
            for (int top = sliceHeight; top < height; top += sliceHeight) {
                png.append(slice(session, width, top, Math.min(sliceHeight, height - top), scale));
            }
            return new Shot(png.finish(), "image/png", png.width(), png.height());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            session.detach();
        }
    }

    /**
     * The rest of a stitched JPEG after its {@code first} slice. Its height must be known before its rows: it is
     * the page's height at the first slice's rows per CSS px, which Chromium's later slices follow to a row.
     */
    private static Shot stitchedJpeg(CDPSession session, ScreenshotSpec spec, int width, int height, int sliceHeight,
                                     double scale, BufferedImage first) throws IOException {
        double rowsPerCss = (double) first.getHeight() / Math.min(sliceHeight, height);
        int rows = (int) Math.min(Math.round(height * rowsPerCss), MAX_JPEG_PIXELS);
        JpegStitcher jpeg = new JpegStitcher(first.getWidth(), rows, spec.quality());
        int above = Math.min(first.getHeight(), rows);
        jpeg.append(first, above);
        for (int top = sliceHeight; top < height; top += sliceHeight) {
            int bottom = Math.min(top + sliceHeight, height);
            int below = bottom == height ? rows : (int) Math.min(Math.round(bottom * rowsPerCss), rows);
            jpeg.append(slice(session, width, top, bottom - top, scale), below - above);
            above = below;
        }
        return new Shot(jpeg.finish(), "image/jpeg", jpeg.width(), jpeg.height());
    }

    private static BufferedImage slice(CDPSession session, int width, int top, int height, double scale)
            throws IOException {
        JsonObject args = new JsonObject();
        args.addProperty("format", "png");
        args.addProperty("optimizeForSpeed", true);
        args.add("clip", clip(0, top, width, height, scale));
        args.addProperty("captureBeyondViewport", true);
        return ImageIO.read(new ByteArrayInputStream(capture(session, args)));
    }

    private static byte[] capture(CDPSession session, JsonObject args) {
        JsonObject result = session.send("Page.captureScreenshot", args);
        return Base64.getDecoder().decode(result.get("data").getAsString());
    }

    private static JsonObject clip(double x, double y, double width, double height, double scale) {
        JsonObject clip = new JsonObject();
        clip.addProperty("x", x);
        clip.addProperty("y", y);
        clip.addProperty("width", width);
        clip.addProperty("height", height);
        clip.addProperty("scale", scale);
        return clip;
    }

    private static JsonObject rgba(int r, int g, int b, int a) {
        JsonObject color = new JsonObject();
        color.addProperty("r", r);
        color.addProperty("g", g);
        color.addProperty("b", b);
        color.addProperty("a", a);
        return color;
    }

    /** How much a thumbnail shrinks a picture {@code width} CSS px wide: 1 without one. */
    private static double thumbnailScale(ScreenshotSpec spec, double width, double devicePixelRatio) {
        return spec.thumbnailWidth() > 0 ? Math.min(1, spec.thumbnailWidth() / (width * devicePixelRatio)) : 1;
    }

    private static double devicePixelRatio(Page page) {
        return ((Number) page.evaluate("() => window.devicePixelRatio")).doubleValue();
    }

    private static ElementHandle element(Page page, String selector) {
        ElementHandle element;
        try {
            element = page.querySelector(selector);
        } catch (com.microsoft.playwright.PlaywrightException e) {
            throw ApiException.invalidParameter("selector", "selector must be a valid CSS selector, got "
                    + selector);
        }
        if (element == null || element.boundingBox() == null) {
            throw new ApiException(422, "element_not_found", "selector " + selector
                    + " matches no visible element on the page", "selector");
        }
        return element;
    }

    private static int pageHeight(Page page) {
        Object height = page.evaluate("() => Math.max(document.documentElement.scrollHeight,"
                + " document.body ? document.body.scrollHeight : 0)");
        return Math.max(1, ((Number) height).intValue());
    }
}
