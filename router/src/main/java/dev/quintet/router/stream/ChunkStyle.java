package dev.quintet.router.stream;

/**
 * The kind of chunks a stream relays.
 *
 * @param text legacy text completions ({@code text_completion} objects, {@code choices[].text}) rather than chat
 *     chunks ({@code chat.completion.chunk}, {@code choices[].delta})
 * @param excludeReasoning whether reasoning is left out of the chunks ({@code reasoning.exclude: true})
 */
public record ChunkStyle(boolean text, boolean excludeReasoning) {

    String object() {
        return text ? "text_completion" : "chat.completion.chunk";
    }
}
