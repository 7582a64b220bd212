package dev.quintet.console.oauth.server;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import java.sql.Timestamp;
import java.text.ParseException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;

/**
 * The {@code console.oauth_signing_keys} table: the key that signs access tokens, made on first start and kept, so
 * tokens and the published JWKS survive restarts and every console node signs with the same key.
 * <p>
 * Access tokens are signed with ES256 (a P-256 key, row {@value #ES256}): an ES256 signature costs about a tenth
 * of a 2048-bit RS256 one, and signing is the token endpoint's largest cost. Before ES256 they were signed with
 * RS256 by the key in row {@value #RS256}; an installation that has that row keeps publishing its public half, so
 * access tokens issued before the upgrade verify until they expire. It signs nothing more, and the row may be
 * deleted once the last of those tokens has expired (15 minutes after the upgrade;
 * each console reads the keys once, on first use, and keeps them).
 */
final class SigningKeys {

    /** How access tokens are signed. */
    static final SignatureAlgorithm ALGORITHM = SignatureAlgorithm.ES256;

    static final String ES256 = "access-token-es256";
    static final String RS256 = "access-token";

    private final JdbcClient jdbc;
    private final Clock clock;

    SigningKeys(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The key set (the signing key, and the RS256 key an older version made, if any), read once and kept. */
    JWKSource<SecurityContext> source() {
        AtomicReference<JWKSet> keys = new AtomicReference<>();
        return (selector, context) -> {
            JWKSet set = keys.updateAndGet(current -> current != null ? current : new JWKSet(keys()));
            return selector.select(set);
        };
    }

    /** The ES256 signing key with its private half, then the old RS256 key's public half if there is one. */
    List<JWK> keys() {
        Map<String, JWK> stored = stored();
        if (!stored.containsKey(ES256)) {
            ECKey key = generate();
            jdbc.sql("""
                    INSERT INTO console.oauth_signing_keys (purpose, key_id, jwk, created_at)
                    VALUES (:purpose, :kid, :jwk, :now)
                    ON CONFLICT (purpose) DO NOTHING""")
                    .param("purpose", ES256).param("kid", key.getKeyID())
                    .param("jwk", key.toJSONString()).param("now", Timestamp.from(clock.instant()))
                    .update();
            stored = stored();
        }
        List<JWK> keys = new ArrayList<>(List.of(stored.get(ES256)));
        if (stored.containsKey(RS256)) {
            keys.add(stored.get(RS256).toPublicJWK());
        }
        return keys;
    }

    private Map<String, JWK> stored() {
        return jdbc.sql("SELECT purpose, jwk FROM console.oauth_signing_keys WHERE purpose IN (:purposes)")
                .param("purposes", List.of(ES256, RS256))
                .query((rs, n) -> Map.entry(rs.getString("purpose"), parse(rs.getString("jwk"))))
                .list().stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static JWK parse(String json) {
        try {
            return JWK.parse(json);
        } catch (ParseException e) {
            throw new IllegalStateException("console.oauth_signing_keys holds a key that is not a JWK", e);
        }
    }

    private static ECKey generate() {
        try {
            ECKey key = new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256).generate();
            return new ECKey.Builder(key).keyIDFromThumbprint().build();
        } catch (JOSEException e) {
            throw new IllegalStateException("could not generate the token signing key", e);
        }
    }
}
