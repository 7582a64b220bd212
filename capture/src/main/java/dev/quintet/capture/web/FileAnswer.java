package dev.quintet.capture.web;

import java.time.Instant;

/**
 * The JSON answer for a screenshot or PDF when {@code response_type=json}.
 *
 * @param url where the stored file can be fetched until it expires (no key needed; the id is unguessable)
 * @param sourceUrl the captured URL, absent for posted HTML
 * @param format the file format
 * @param contentType its media type
 * @param width image width in pixels (screenshots)
 * @param height image height in pixels (screenshots)
 * @param pages page count (PDF)
 * @param bytes file size
 * @param remoteStatus HTTP status of the captured page
 * @param cached whether the file came from the cache instead of a new render
 * @param createdAt when it was captured
 * @param expiresAt when the file is deleted
 */
record FileAnswer(String url, String sourceUrl, String format, String contentType, Integer width, Integer height,
                  Integer pages, int bytes, int remoteStatus, boolean cached, Instant createdAt, Instant expiresAt) {
}
