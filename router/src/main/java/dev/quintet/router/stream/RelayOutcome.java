package dev.quintet.router.stream;

import tools.jackson.databind.node.ObjectNode;

/**
 * How relaying one upstream stream ended.
 *
 * @param kind what happened
 * @param status for {@link Kind#FAILED_BEFORE_CONTENT}: the status to report (502 unless the upstream named one)
 * @param problem for {@link Kind#FAILED_BEFORE_CONTENT}: what went wrong
 * @param error for {@link Kind#FAILED_BEFORE_CONTENT}: the upstream's error event ({@code {"error": {...}}}), null
 *     when it sent none
 */
public record RelayOutcome(Kind kind, int status, String problem, ObjectNode error) {

    public enum Kind {
        /** The stream reached the caller, completely or ending with an in-band error chunk. */
        DELIVERED,
        /** Nothing of this upstream reached the caller; another endpoint may be tried. */
        FAILED_BEFORE_CONTENT,
        /** The caller went away; the upstream call was cancelled. */
        CLIENT_GONE
    }

    static final RelayOutcome DELIVERED = new RelayOutcome(Kind.DELIVERED, 200, "", null);
    static final RelayOutcome CLIENT_GONE = new RelayOutcome(Kind.CLIENT_GONE, 499, "the client disconnected", null);

    static RelayOutcome failedBeforeContent(int status, String problem, ObjectNode error) {
        return new RelayOutcome(Kind.FAILED_BEFORE_CONTENT, status, problem, error);
    }
}
