package dev.quintet.devices.paging;

import java.util.List;
import java.util.function.Function;

/** One page of a list, and the cursor of the next page (null on the last page). */
public record Page<T>(List<T> data, String nextCursor) {

    /** Builds a page from up to {@code limit + 1} rows: the extra row only tells that more follow. */
    public static <T> Page<T> of(List<T> rows, int limit, Function<T, String> key) {
        if (rows.size() <= limit) {
            return new Page<>(rows, null);
        }
        List<T> data = rows.subList(0, limit);
        return new Page<>(List.copyOf(data), Cursor.encode(key.apply(data.getLast())));
    }

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(data.stream().map(mapper).toList(), nextCursor);
    }
}
