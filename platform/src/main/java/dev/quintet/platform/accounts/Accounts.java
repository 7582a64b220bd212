package dev.quintet.platform.accounts;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/** The {@code platform.accounts} table. Passwords are kept as adaptive (bcrypt) hashes only. */
public final class Accounts {

    private static final String COLUMNS = "id, email, password_hash, plan, status, created_at";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();

    public Accounts(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Creates an account; the email must be new. */
    public Account create(String rawEmail, String password) {
        String email = EmailAddress.normalise(rawEmail);
        PasswordPolicy.check("password", password);
        UUID id = UUID.randomUUID();
        try {
            jdbc.sql("""
                    INSERT INTO platform.accounts (id, email, password_hash, created_at)
                    VALUES (:id, :email, :hash, :now)
                    """)
                    .param("id", id).param("email", email).param("hash", encoder.encode(password))
                    .param("now", java.sql.Timestamp.from(clock.instant()))
                    .update();
        } catch (DuplicateKeyException e) {
            throw new InvalidAccountInput("email", "an account with this email already exists");
        }
        return byId(id).orElseThrow();
    }

    public Optional<Account> byEmail(String rawEmail) {
        String email;
        try {
            email = EmailAddress.normalise(rawEmail);
        } catch (InvalidAccountInput e) {
            return Optional.empty();
        }
        return jdbc.sql("SELECT " + COLUMNS + " FROM platform.accounts WHERE email = :email")
                .param("email", email).query(Accounts::map).optional();
    }

    public Optional<Account> byId(UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM platform.accounts WHERE id = :id")
                .param("id", id).query(Accounts::map).optional();
    }

    /**
     * The account's columns for a query that joins {@code platform.accounts} as {@code alias}, each named with
     * {@code prefix} before its own name, so that they cannot clash with the other table's; {@link #read} reads them
     * back. A row and the account it belongs to then come in one statement.
     */
    public static String joinedColumns(String alias, String prefix) {
        return Arrays.stream(COLUMNS.split(", "))
                .map(column -> alias + "." + column + " AS " + prefix + column)
                .collect(Collectors.joining(", "));
    }

    /** The account in the columns named by {@link #joinedColumns} with {@code prefix}. */
    public static Account read(ResultSet rs, String prefix) throws SQLException {
        return new Account(rs.getObject(prefix + "id", UUID.class), rs.getString(prefix + "email"),
                rs.getString(prefix + "password_hash"), rs.getString(prefix + "plan"), rs.getString(prefix + "status"),
                rs.getTimestamp(prefix + "created_at").toInstant());
    }

    private static Account map(ResultSet rs, int row) throws SQLException {
        return read(rs, "");
    }

    /** True when the password matches the account's hash. */
    public boolean passwordMatches(Account account, String password) {
        return password != null && encoder.matches(password, account.passwordHash());
    }

    /** The encoder that produced the stored hashes, for the console's login. */
    public PasswordEncoder passwordEncoder() {
        return encoder;
    }

    public void changePassword(UUID id, String currentPassword, String newPassword) {
        Account account = byId(id).orElseThrow(() -> new InvalidAccountInput("account", "account no longer exists"));
        if (!passwordMatches(account, currentPassword)) {
            throw new InvalidAccountInput("current_password", "current password is not correct");
        }
        PasswordPolicy.check("new_password", newPassword);
        jdbc.sql("UPDATE platform.accounts SET password_hash = :hash WHERE id = :id")
                .param("hash", encoder.encode(newPassword)).param("id", id).update();
    }

    public void setStatus(UUID id, String status) {
        jdbc.sql("UPDATE platform.accounts SET status = :status WHERE id = :id")
                .param("status", status).param("id", id).update();
    }

    public void setPlan(UUID id, String plan) {
        jdbc.sql("UPDATE platform.accounts SET plan = :plan WHERE id = :id")
                .param("plan", plan).param("id", id).update();
    }

    /** Deletes the account with its keys, usage and credit records. */
    public void delete(UUID id) {
        jdbc.sql("DELETE FROM platform.accounts WHERE id = :id").param("id", id).update();
    }
}
