package dev.quintet.events.catalog;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code events.categories}, {@code events.subcategories} and {@code events.formats} tables: Eventbrite's fixed
 * lists, which only migrations change, so each is read once.
 */
public final class Categories {

    private final Supplier<List<Category>> categories;
    private final Supplier<List<Subcategory>> subcategories;
    private final Supplier<List<Category>> formats;

    public Categories(JdbcClient jdbc) {
        categories = once(() -> jdbc.sql("SELECT id, name, short_name FROM events.categories ORDER BY id::int")
                .query((rs, n) -> new Category(rs.getString(1), rs.getString(2), rs.getString(3))).list());
        subcategories = once(() -> jdbc.sql("SELECT id, name, parent_category_id FROM events.subcategories ORDER BY id::int")
                .query((rs, n) -> new Subcategory(rs.getString(1), rs.getString(2),
                        category(rs.getString(3)).orElseThrow())).list());
        formats = once(() -> jdbc.sql("SELECT id, name, short_name FROM events.formats ORDER BY id::int")
                .query((rs, n) -> new Category(rs.getString(1), rs.getString(2), rs.getString(3))).list());
    }

    public List<Category> categories() {
        return categories.get();
    }

    public List<Subcategory> subcategories() {
        return subcategories.get();
    }

    public List<Category> formats() {
        return formats.get();
    }

    public Optional<Category> category(String id) {
        return categories().stream().filter(c -> c.id().equals(id)).findFirst();
    }

    public Optional<Subcategory> subcategory(String id) {
        return subcategories().stream().filter(s -> s.id().equals(id)).findFirst();
    }

    public Optional<Category> format(String id) {
        return formats().stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The list read on first use and kept; a failed read is tried again next time. */
    private static <T> Supplier<List<T>> once(Supplier<List<T>> read) {
        return new Supplier<>() {
            private volatile List<T> value;

            @Override
            public List<T> get() {
                List<T> v = value;
                if (v == null) {
                    v = List.copyOf(read.get());
                    value = v;
                }
                return v;
            }
        };
    }
}
