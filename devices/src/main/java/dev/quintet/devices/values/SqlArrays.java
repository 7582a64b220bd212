package dev.quintet.devices.values;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.springframework.jdbc.support.SqlArrayValue;

/** One column of a batch as a {@code text[]} parameter, which the statement casts and unnests. */
final class SqlArrays {

    private SqlArrays() {
    }

    static <T> SqlArrayValue column(List<T> rows, Function<T, Object> field) {
        String[] texts = new String[rows.size()];
        for (int i = 0; i < texts.length; i++) {
            Object value = field.apply(rows.get(i));
            texts[i] = value == null ? null : Objects.toString(value);
        }
        return new SqlArrayValue("text", (Object[]) texts);
    }
}
