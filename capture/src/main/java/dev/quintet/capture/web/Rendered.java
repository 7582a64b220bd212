package dev.quintet.capture.web;

/**
 * A finished capture before it is answered or stored.
 *
 * @param bytes the file
 * @param contentType its media type
 * @param format png, jpeg, webp or pdf
 * @param width image width in pixels (screenshots)
 * @param height image height in pixels (screenshots)
 * @param pages page count (PDF)
 * @param remoteStatus the HTTP status of the captured page
 */
record Rendered(byte[] bytes, String contentType, String format, Integer width, Integer height, Integer pages,
                int remoteStatus) {
}
