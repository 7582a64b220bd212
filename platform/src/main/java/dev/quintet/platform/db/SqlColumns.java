package dev.quintet.platform.db;

import java.util.List;
import java.util.function.Function;
import org.springframework.jdbc.support.SqlArrayValue;

/** Rows as columns, to pass many rows to one statement (e.g. {@code unnest(:ids, :amounts)}). */
public final class SqlColumns {

    private SqlColumns() {
    }

    /** One field of {@code rows} as an array parameter of SQL type {@code type}[]. */
    public static <T> SqlArrayValue column(List<T> rows, String type, Function<T, Object> field) {
        return new SqlArrayValue(type, rows.stream().map(field).toArray());
    }
}
