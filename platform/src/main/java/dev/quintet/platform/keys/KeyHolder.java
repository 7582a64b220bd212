package dev.quintet.platform.keys;

import java.util.List;
import java.util.UUID;

/**
 * Who is calling, once a key was accepted: set as request attribute {@link #ATTRIBUTE} for controllers.
 *
 * @param console whether the key is one the console minted for itself ({@link ApiKey#console()})
 */
public record KeyHolder(UUID keyId, UUID accountId, String keyPrefix, List<String> services, String plan,
                        boolean console) {

    public static final String ATTRIBUTE = "dev.quintet.platform.keys.KeyHolder";
}
