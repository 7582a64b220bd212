package dev.quintet.platform.accounts;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
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

    private static Account map(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new Account(rs.getObject("id", UUID.class), rs.getString("email"), rs.getString("password_hash"),
                rs.getString("plan"), rs.getString("status"), rs.getTimestamp("created_at").toInstant());
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
