package dev.quintet.events.catalog;

/** A place events happen at, with its coordinates and IANA time zone. */
public record Venue(long id, String name, String address1, String city, String region, String postalCode,
                    String country, double latitude, double longitude, String timezone, Integer capacity) {
}
