package dev.quintet.router.providers.translation;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Turns one provider's stream events into OpenAI chunks, one event at a time. */
public interface StreamTranslator {

    /** The chunks for one event (its data, parsed); an {@code error} chunk when the event reports a failure. */
    List<ObjectNode> event(JsonNode data);

    /** The chunks owed once the provider's stream has ended; none when it ended before the answer did. */
    List<ObjectNode> end();

    /** Whether the answer is complete: {@code [DONE]} follows, and nothing more is read from the provider. */
    boolean complete();
}
