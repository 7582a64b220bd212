package dev.quintet.capture.files;

import java.time.Instant;
import java.util.UUID;

/**
 * A stored capture.
 *
 * @param id the unguessable id in its URL
 * @param accountId the account that made it
 * @param cacheKey the hash of the route and normalised parameters it was made with
 * @param contentType its media type
 * @param format png, jpeg, webp or pdf
 * @param width image width in pixels (screenshots)
 * @param height image height in pixels (screenshots)
 * @param pages page count (PDF)
 * @param remoteStatus the HTTP status of the captured page
 * @param sourceUrl the captured URL, null for posted HTML
 * @param body the file
 * @param createdAt when it was captured
 * @param expiresAt when it is deleted
 */
public record CapturedFile(String id, UUID accountId, byte[] cacheKey, String contentType, String format,
                           Integer width, Integer height, Integer pages, int remoteStatus, String sourceUrl,
                           byte[] body, Instant createdAt, Instant expiresAt) {
}
