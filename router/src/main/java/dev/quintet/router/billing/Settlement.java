package dev.quintet.router.billing;

import dev.quintet.platform.credits.Credits;

/**
 * What settles one paid generation, to be made with its record: the charge to the account's credit, and the hold on
 * its key's limit that the charge ends (null when the key has no limit).
 */
public record Settlement(Credits.Settlement credit, KeyLimits.KeyHold keyHold) {
}
