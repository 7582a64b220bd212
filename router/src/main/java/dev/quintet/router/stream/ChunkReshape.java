package dev.quintet.router.stream;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rewrites an upstream stream's chunks before anything else reads them, and may hold part of them back until a
 * later chunk shows what it is.
 */
public interface ChunkReshape {

    /** Leaves every chunk as it came. */
    ChunkReshape NONE = new ChunkReshape() {
        @Override
        public void chunk(ObjectNode chunk) {
        }

        @Override
        public List<ObjectNode> end() {
            return List.of();
        }
    };

    /** Rewrites {@code chunk} in place. */
    void chunk(ObjectNode chunk);

    /** The choices ({@code index} and {@code delta}) of what is still held back when the stream has ended. */
    List<ObjectNode> end();
}
