package dev.quintet.packages.store;

/**
 * One dependent project and how its current version depends on the target.
 *
 * @param version the dependent's current version (latest stable, else latest), whose dependencies were read
 * @param declared the dependency as the dependent wrote it (Debian relations with alternatives), or null
 * @param virtualName the name the dependency names when that is not the target's but one it provides (a Debian
 *                    virtual package), else null
 */
public record StoredDependent(String name, String version, String requirements, String kind, boolean optional,
                              String declared, String virtualName) {
}
