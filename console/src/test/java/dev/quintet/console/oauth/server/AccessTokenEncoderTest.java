package dev.quintet.console.oauth.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jwt.SignedJWT;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtEncodingException;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/** Access tokens as the encoder signs them, checked with Nimbus as the events API checks them. */
class AccessTokenEncoderTest {

    private final ECKey key = p256("es-1");
    private final AccessTokenEncoder encoder = new AccessTokenEncoder(new ImmutableJWKSet<>(new JWKSet(List.of(
            key, rsaPublic()))));

    @Test
    void signsES256TokensThatVerifyWithThePublishedKeyAndCarryTheClaimsAndKeyId() throws Exception {
        Instant issued = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Jwt jwt = encoder.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.ES256).type("at+jwt").build(),
                claims(issued, "alice")));

        SignedJWT parsed = SignedJWT.parse(jwt.getTokenValue());
        assertThat(parsed.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(parsed.getHeader().getKeyID()).isEqualTo("es-1");
        assertThat(parsed.getHeader().getType().getType()).isEqualTo("at+jwt");
        assertThat(Base64.getUrlDecoder().decode(jwt.getTokenValue().substring(jwt.getTokenValue().lastIndexOf('.') + 1)))
                .hasSize(64);
        assertThat(parsed.verify(new ECDSAVerifier(key.toECPublicKey()))).isTrue();
        assertThat(jwt.getHeaders()).containsEntry("kid", "es-1");

        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSource(new ImmutableJWKSet<>(new JWKSet(key.toPublicJWK())))
                .jwsAlgorithm(SignatureAlgorithm.ES256)
                .jwtProcessorCustomizer(processor -> processor.setJWSTypeVerifier(
                        new DefaultJOSEObjectTypeVerifier<>(new JOSEObjectType("at+jwt"))))
                .build();
        decoder.setJwtValidator(new JwtTimestampValidator());
        Jwt decoded = decoder.decode(jwt.getTokenValue());
        assertThat(decoded.getSubject()).isEqualTo("alice");
        assertThat(decoded.getAudience()).containsExactly("events");
        assertThat(decoded.getIssuer().toString()).isEqualTo("https://console.example.com");
        assertThat(decoded.getIssuedAt()).isEqualTo(issued);
        assertThat(decoded.getExpiresAt()).isEqualTo(issued.plus(Duration.ofMinutes(15)));
        assertThat(decoded.getClaimAsString("scope")).isEqualTo("events:read events:write");
        assertThat(decoded.getClaimAsString("client_id")).isEqualTo("app-1");
        assertThat(decoded.getClaims()).containsOnlyKeys(jwt.getClaims().keySet());
    }

    @Test
    void everyTokenHasItsOwnSignatureOverItsOwnClaims() throws Exception {
        Instant issued = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        JwsHeader header = JwsHeader.with(SignatureAlgorithm.ES256).type("at+jwt").build();
        String first = encoder.encode(JwtEncoderParameters.from(header, claims(issued, "alice"))).getTokenValue();
        String second = encoder.encode(JwtEncoderParameters.from(header, claims(issued, "bob"))).getTokenValue();

        assertThat(SignedJWT.parse(second).getJWTClaimsSet().getSubject()).isEqualTo("bob");
        assertThat(SignedJWT.parse(second).verify(new ECDSAVerifier(key.toECPublicKey()))).isTrue();
        String[] a = first.split("\\.");
        String[] b = second.split("\\.");
        assertThat(b[0]).isEqualTo(a[0]);
        String forged = b[0] + "." + b[1] + "." + a[2];
        assertThat(SignedJWT.parse(forged).verify(new ECDSAVerifier(key.toECPublicKey()))).isFalse();
    }

    @Test
    void refusesAnyAlgorithmButES256() {
        assertThatThrownBy(() -> encoder.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).build(),
                claims(Instant.now(), "alice"))))
                .isInstanceOf(JwtEncodingException.class).hasMessageContaining("ES256");
    }

    private static JwtClaimsSet claims(Instant issued, String subject) {
        return JwtClaimsSet.builder().issuer("https://console.example.com").subject(subject)
                .audience(List.of("events")).issuedAt(issued).notBefore(issued)
                .expiresAt(issued.plus(Duration.ofMinutes(15))).id("jti-" + subject)
                .claim("client_id", "app-1").claim("scope", "events:read events:write").build();
    }

    private static ECKey p256(String kid) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256).keyID(kid)
                    .generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static com.nimbusds.jose.jwk.JWK rsaPublic() {
        try {
            return new RSAKeyGenerator(2048).keyID("rs-old").algorithm(JWSAlgorithm.RS256).generate().toPublicJWK();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
