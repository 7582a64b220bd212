package dev.quintet.platform.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.quintet.platform.PlatformProperties;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The one DataSource of the process: external when {@code QUINTET_DATABASE_URL} is set, embedded otherwise. */
@Configuration(proxyBeanMethods = false)
public class DatabaseConfiguration {

    @Bean(destroyMethod = "close")
    Database database(PlatformProperties properties) {
        return Database.open(properties);
    }

    @Bean
    DataSource dataSource(Database database) {
        return database.dataSource();
    }

    @Bean
    JdbcClient jdbcClient(DataSource dataSource) {
        return JdbcClient.create(dataSource);
    }

    @Bean
    PlatformTransactionManager transactionManager(DataSource dataSource) {
        return new DataSourceTransactionManager(dataSource);
    }

    @Bean
    TransactionTemplate transactionTemplate(PlatformTransactionManager transactionManager) {
        return new TransactionTemplate(transactionManager);
    }

    /** A pooled DataSource with the platform schema migrated, and the embedded server behind it if any. */
    public record Database(HikariDataSource dataSource, EmbeddedDatabase embedded) implements AutoCloseable {

        static Database open(PlatformProperties properties) {
            EmbeddedDatabase embedded = null;
            HikariConfig config = new HikariConfig();
            if (properties.databaseUrl().isBlank()) {
                embedded = EmbeddedDatabase.open(properties.dataDir().resolve("postgres"));
                config.setJdbcUrl(embedded.jdbcUrl());
            } else {
                config.setJdbcUrl(properties.databaseUrl());
                if (!properties.databaseUser().isBlank()) {
                    config.setUsername(properties.databaseUser());
                }
                if (!properties.databasePassword().isBlank()) {
                    config.setPassword(properties.databasePassword());
                }
            }
            config.setPoolName("quintet");
            config.setMaximumPoolSize(20);
            HikariDataSource dataSource;
            try {
                dataSource = new HikariDataSource(config);
                SchemaMigrations.migrate(dataSource, "platform");
            } catch (RuntimeException e) {
                if (embedded != null) {
                    embedded.close();
                }
                throw e;
            }
            return new Database(dataSource, embedded);
        }

        @Override
        public void close() {
            dataSource.close();
            if (embedded != null) {
                embedded.close();
            }
        }
    }
}
