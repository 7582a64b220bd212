package dev.quintet.platform.db;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

/**
 * A process owning an embedded server, as a service does: at exit, its own hook uses the database a while later
 * (as a context writing its last records would) and only then closes it. Prints {@code ready} once started and
 * what its late query found.
 */
final class ExitingOwner {

    private ExitingOwner() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedDatabase database = EmbeddedDatabase.open(Path.of(args[0]));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Thread.sleep(1_000);
                try (Connection c = DriverManager.getConnection(database.jdbcUrl());
                     ResultSet rs = c.createStatement().executeQuery("SELECT 41 + 1")) {
                    rs.next();
                    System.out.println("late query: " + rs.getInt(1));
                }
            } catch (Exception e) {
                System.out.println("late query failed: " + e);
            } finally {
                database.close();
            }
        }));
        System.out.println("ready");
        Thread.sleep(Long.MAX_VALUE);
    }
}
