package dev.quintet.events.catalog;

import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The {@code events.categories} and {@code events.formats} tables: Eventbrite's fixed lists. */
public final class Categories {

    private final JdbcClient jdbc;

    public Categories(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<Category> categories() {
        return jdbc.sql("SELECT id, name, short_name FROM events.categories ORDER BY id::int")
                .query((rs, n) -> new Category(rs.getString(1), rs.getString(2), rs.getString(3))).list();
    }

    public List<Category> formats() {
        return jdbc.sql("SELECT id, name, short_name FROM events.formats ORDER BY id::int")
                .query((rs, n) -> new Category(rs.getString(1), rs.getString(2), rs.getString(3))).list();
    }

    public Optional<Category> category(String id) {
        return categories().stream().filter(c -> c.id().equals(id)).findFirst();
    }

    public Optional<Category> format(String id) {
        return formats().stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
