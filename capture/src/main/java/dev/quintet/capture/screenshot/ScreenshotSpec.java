package dev.quintet.capture.screenshot;

/**
 * What to take a picture of and how to encode it.
 *
 * @param format png, jpeg or webp
 * @param quality 1..100 for jpeg and webp; ignored for png
 * @param fullPage the whole scrollable page instead of the viewport
 * @param selector a CSS selector of the one element to capture, or null
 * @param clip a rectangle of the page to capture, or null
 * @param omitBackground a transparent background instead of white (png)
 * @param thumbnailWidth the width to scale the picture down to, or 0 to keep its size
 * @param maxHeight where a full page is cut, in CSS pixels
 */
public record ScreenshotSpec(String format, int quality, boolean fullPage, String selector, Clip clip,
                             boolean omitBackground, int thumbnailWidth, int maxHeight) {

    /** A rectangle in CSS pixels from the top left corner of the page. */
    public record Clip(int x, int y, int width, int height) {

        public Clip {
            if (x < 0 || y < 0 || width < 1 || height < 1) {
                throw new IllegalArgumentException("a clip needs x, y >= 0 and width, height >= 1");
            }
        }
    }

    public ScreenshotSpec {
        if (!format.equals("png") && !format.equals("jpeg") && !format.equals("webp")) {
            throw new IllegalArgumentException("format must be png, jpeg or webp, got " + format);
        }
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("quality must be 1..100, got " + quality);
        }
        int targets = (fullPage ? 1 : 0) + (selector != null ? 1 : 0) + (clip != null ? 1 : 0);
        if (targets > 1) {
            throw new IllegalArgumentException("fullPage, selector and clip exclude each other");
        }
        if (thumbnailWidth < 0) {
            throw new IllegalArgumentException("thumbnailWidth must not be negative");
        }
        if (maxHeight < 1) {
            throw new IllegalArgumentException("maxHeight must be positive, got " + maxHeight);
        }
    }

    public String mediaType() {
        return "image/" + format;
    }

    /**
     * Whether an element must go through Chromium's capture command (WebP, thumbnails); at full size as PNG or JPEG
     * Playwright takes it, scrolled into view. Everything else always goes through the capture command.
     */
    boolean needsDevTools() {
        return format.equals("webp") || thumbnailWidth > 0;
    }
}
