package dev.quintet.devices.broker;

import java.util.regex.Pattern;

/**
 * The topic grammar. Topics are relative to the device: the token it connected with decides whose topics they are,
 * so no device can name another's. Devices publish to the uplink topics and subscribe under {@code downlink/}.
 */
public final class DeviceTopics {

    public static final String DOWNLINK = "downlink/";
    public static final String DS = "ds/";
    public static final String BATCH = "batch_ds";
    public static final String EVENT = "event/";
    public static final String GET_DS = "get/ds";
    public static final String GET_DS_ALL = "get/ds/all";
    public static final String GET_SHADOW = "get/shadow";
    public static final String UPDATE_SHADOW = "update/shadow";
    public static final String STATUS = "status";
    public static final String INFO = "info/mcu";
    public static final String CMD = "cmd/";
    public static final String RESULT = "/result";
    private static final String SHADOW = "shadow";
    private static final String SEGMENT = "[A-Za-z0-9_.-]{1,64}";
    private static final Pattern UPLINK = Pattern.compile(
            "ds/" + SEGMENT + "|batch_ds|event/" + SEGMENT + "|get/ds|get/ds/all|get/shadow|update/shadow|status|info/mcu"
                    + "|cmd/" + SEGMENT + "/result");

    private DeviceTopics() {
    }

    public static boolean mayPublish(String topic) {
        return topic != null && UPLINK.matcher(topic).matches();
    }

    public static boolean maySubscribe(String filter) {
        return filter != null && filter.startsWith(DOWNLINK) && filter.length() > DOWNLINK.length();
    }

    public static String downlinkValue(String datastream) {
        return DOWNLINK + DS + datastream;
    }

    public static String downlinkCommand(String id) {
        return DOWNLINK + CMD + id;
    }

    /** The whole shadow document: the answer to {@code get/shadow} and to an accepted {@code update/shadow}. */
    public static String downlinkShadow() {
        return DOWNLINK + SHADOW;
    }

    /** The desired values the device has not reported yet, with the shadow's version. */
    public static String downlinkShadowDelta() {
        return DOWNLINK + SHADOW + "/delta";
    }

    /** Why an {@code update/shadow} was not stored. */
    public static String downlinkShadowRejected() {
        return DOWNLINK + SHADOW + "/rejected";
    }

    /** Whether {@code topic} is one of the shadow's uplinks, {@code get/shadow} or {@code update/shadow}. */
    public static boolean isShadow(String topic) {
        return GET_SHADOW.equals(topic) || UPDATE_SHADOW.equals(topic);
    }
}
