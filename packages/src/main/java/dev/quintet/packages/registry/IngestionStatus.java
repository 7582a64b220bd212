package dev.quintet.packages.registry;

import java.time.Duration;

/**
 * How far the ingestion of an indexed registry has come.
 *
 * @param complete whether every configured index has been ingested at least once
 * @param indexes the indexes read and where from, for messages ({@code stable/main/amd64 of https://deb.debian.org/debian})
 * @param progress what is happening while not complete ({@code the first ingestion is running}); empty when complete
 * @param retryAfter how long a caller should wait before asking again while not complete
 */
public record IngestionStatus(boolean complete, String indexes, String progress, Duration retryAfter) {
}
