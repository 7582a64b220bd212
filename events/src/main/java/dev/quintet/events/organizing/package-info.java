/** Organiser writes: organizations, drafts, publishing, cancelling, venues and ticket classes, with input checks. */
package dev.quintet.events.organizing;
