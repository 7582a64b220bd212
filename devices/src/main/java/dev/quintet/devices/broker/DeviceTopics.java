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
    public static final String STATUS = "status";
    public static final String INFO = "info/mcu";
    public static final String CMD = "cmd/";
    public static final String RESULT = "/result";
    private static final String SEGMENT = "[A-Za-z0-9_.-]{1,64}";
    private static final Pattern UPLINK = Pattern.compile(
            "ds/" + SEGMENT + "|batch_ds|event/" + SEGMENT + "|get/ds|get/ds/all|status|info/mcu|cmd/" + SEGMENT + "/result");

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
}
