package dev.quintet.capture.screenshot;

import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import com.microsoft.playwright.options.ScreenshotType;
import com.google.gson.JsonObject;
import dev.quintet.platform.errors.ApiException;
import java.util.Base64;
import java.util.List;

/** Takes screenshots of a loaded page: viewport, full page or one element, as PNG, JPEG or WebP. */
public final class Screenshots {

    /** The tallest full page captured, in CSS pixels; Chromium repeats content past its texture limit. */
    public static final int MAX_FULL_PAGE_HEIGHT = 16_000;

    public Shot take(Page page, ScreenshotSpec spec) {
        byte[] bytes = spec.needsDevTools() ? devTools(page, spec) : playwright(page, spec);
        int[] size = ImageSize.of(bytes, spec.format());
        return new Shot(bytes, spec.mediaType(), size[0], size[1]);
    }

    private static byte[] playwright(Page page, ScreenshotSpec spec) {
        ScreenshotType type = spec.format().equals("jpeg") ? ScreenshotType.JPEG : ScreenshotType.PNG;
        if (spec.selector() != null) {
            ElementHandle element = element(page, spec.selector());
            ElementHandle.ScreenshotOptions options = new ElementHandle.ScreenshotOptions().setType(type)
                    .setOmitBackground(spec.omitBackground() && type == ScreenshotType.PNG);
            if (type == ScreenshotType.JPEG) {
                options.setQuality(spec.quality());
            }
            return element.screenshot(options);
        }
        Page.ScreenshotOptions options = new Page.ScreenshotOptions().setType(type)
                .setOmitBackground(spec.omitBackground() && type == ScreenshotType.PNG);
        if (type == ScreenshotType.JPEG) {
            options.setQuality(spec.quality());
        }
        if (spec.fullPage()) {
            int height = pageHeight(page);
            int width = page.viewportSize().width;
            options.setClip(0, 0, width, Math.min(height, MAX_FULL_PAGE_HEIGHT)).setFullPage(true);
        } else if (spec.clip() != null) {
            ScreenshotSpec.Clip clip = spec.clip();
            options.setClip(clip.x(), clip.y(), clip.width(), clip.height()).setFullPage(true);
        }
        return page.screenshot(options);
    }

    /** Chromium's capture command: any of the three formats, scaled to a thumbnail when asked. */
    private static byte[] devTools(Page page, ScreenshotSpec spec) {
        JsonObject args = new JsonObject();
        args.addProperty("format", spec.format());
        if (!spec.format().equals("png")) {
            args.addProperty("quality", spec.quality());
        }
        double x = 0;
        double y = 0;
        double width = page.viewportSize().width;
        double height = page.viewportSize().height;
        if (spec.selector() != null) {
            BoundingBox box = element(page, spec.selector()).boundingBox();
            List<?> scroll = (List<?>) page.evaluate("() => [window.scrollX, window.scrollY]");
            x = box.x + ((Number) scroll.get(0)).doubleValue();
            y = box.y + ((Number) scroll.get(1)).doubleValue();
            width = box.width;
            height = box.height;
        } else if (spec.clip() != null) {
            x = spec.clip().x();
            y = spec.clip().y();
            width = spec.clip().width();
            height = spec.clip().height();
        } else if (spec.fullPage()) {
            height = Math.min(pageHeight(page), MAX_FULL_PAGE_HEIGHT);
        }
        double deviceScale = ((Number) page.evaluate("() => window.devicePixelRatio")).doubleValue();
        double scale = spec.thumbnailWidth() > 0 ? Math.min(1, spec.thumbnailWidth() / (width * deviceScale)) : 1;
        JsonObject clip = new JsonObject();
        clip.addProperty("x", x);
        clip.addProperty("y", y);
        clip.addProperty("width", width);
        clip.addProperty("height", height);
        clip.addProperty("scale", scale);
        args.add("clip", clip);
        args.addProperty("captureBeyondViewport", spec.fullPage() || spec.selector() != null || spec.clip() != null);
        CDPSession session = page.context().newCDPSession(page);
        try {
            JsonObject result = session.send("Page.captureScreenshot", args);
            return Base64.getDecoder().decode(result.get("data").getAsString());
        } finally {
            session.detach();
        }
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
