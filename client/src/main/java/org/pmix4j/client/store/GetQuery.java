package org.pmix4j.client.store;

import java.util.List;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Scope;

/**
 * The directives and qualifiers of one Get, read once.
 *
 * @param optional   PMIX_OPTIONAL: answer from what is here, never ask the server
 * @param immediate  PMIX_IMMEDIATE: the server must not wait for the data to appear
 * @param refresh    PMIX_GET_REFRESH_CACHE: ask the server even when the value is cached
 * @param scope      PMIX_DATA_SCOPE, or null
 * @param session    PMIX_SESSION_INFO
 * @param node       PMIX_NODE_INFO
 * @param app        PMIX_APP_INFO
 * @param levelGiven one of the three level directives was given (true or false)
 * @param hostname   PMIX_HOSTNAME qualifier, or null
 * @param nodeId     PMIX_NODEID qualifier, or null
 * @param appnum     PMIX_APPNUM qualifier, or null
 * @param directives everything, as given, to pass on to the server
 */
public record GetQuery(boolean optional, boolean immediate, boolean refresh, Scope scope, boolean session,
        boolean node, boolean app, boolean levelGiven, String hostname, Integer nodeId, Integer appnum,
        List<Info> directives) {

    public static final GetQuery NONE = of(List.of());

    public static GetQuery of(List<Info> infos) {
        boolean optional = false;
        boolean immediate = false;
        boolean refresh = false;
        Scope scope = null;
        boolean session = false;
        boolean node = false;
        boolean app = false;
        boolean level = false;
        String host = null;
        Integer nodeId = null;
        Integer appnum = null;
        for (Info i : infos) {
            switch (i.key()) {
                case "pmix.optional" -> optional = i.isTrue();
                case "pmix.immediate" -> immediate = i.isTrue();
                case "pmix.get.refresh" -> refresh = i.isTrue();
                case "pmix.scope" -> scope = Attributes.DATA_SCOPE.get(i.value());
                case "pmix.ssn.info" -> {
                    session = i.isTrue();
                    level = true;
                }
                case "pmix.node.info" -> {
                    node = i.isTrue();
                    level = true;
                }
                case "pmix.app.info" -> {
                    app = i.isTrue();
                    level = true;
                }
                case "pmix.hname" -> host = Attributes.HOSTNAME.get(i.value());
                case "pmix.nodeid" -> nodeId = Attributes.NODEID.get(i.value());
                case "pmix.appnum" -> appnum = Attributes.APPNUM.get(i.value());
                default -> {
                    // passed to the server as it is
                }
            }
        }
        return new GetQuery(optional, immediate, refresh, scope, session, node, app, level, host, nodeId, appnum,
                List.copyOf(infos));
    }
}
