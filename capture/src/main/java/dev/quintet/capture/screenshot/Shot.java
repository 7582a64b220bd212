package dev.quintet.capture.screenshot;

/**
 * A taken screenshot.
 *
 * @param bytes the encoded image
 * @param mediaType its media type
 * @param width its width in pixels
 * @param height its height in pixels
 */
public record Shot(byte[] bytes, String mediaType, int width, int height) {
}
