package org.pmix4j.server.store;

import java.util.List;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;

/**
 * Turns the info array of {@code PMIx_server_register_nspace} into a {@link JobData}, stage by stage: the
 * {@link Registration} walk files what the host gave by level; the {@link NodeTable} merges the node
 * descriptions; {@link Placement} sizes the job and puts processes on nodes; {@link NodeLayout} gives each
 * node its processes, ids and derived keys; {@link AppAssignment} gives each process its application;
 * {@link DerivedKeys} completes the job and session levels; {@link ProcEntries} makes one record per
 * process. Each stage fails with {@code PMIX_ERR_BAD_PARAM} on what it finds wrong.
 */
final class JobDataBuilder {
    private final String nspace;
    private final int localProcCount;
    private final String serverHost;
    private final SessionDirs dirs;

    JobDataBuilder(String nspace, int localProcCount, String serverHost, SessionDirs dirs) {
        if (nspace == null || nspace.isEmpty() || nspace.length() > Proc.MAX_NSPACE_LENGTH) {
            throw Keys.bad("nspace '" + nspace + "' is empty or longer than " + Proc.MAX_NSPACE_LENGTH
                    + " characters");
        }
        if (localProcCount < 0 || localProcCount > Keys.MAX_JOB_SIZE) {
            throw Keys.bad("nlocalprocs = " + localProcCount + " is out of range (0.." + Keys.MAX_JOB_SIZE + ")");
        }
        if (serverHost == null || serverHost.isEmpty()) {
            throw Keys.bad("the server's hostname is missing");
        }
        this.nspace = nspace;
        this.localProcCount = localProcCount;
        this.serverHost = serverHost;
        this.dirs = dirs == null ? SessionDirs.NONE : dirs;
    }

    JobData build(List<Info> info) {
        if (info == null) {
            info = List.of();
        }
        for (Info i : info) {
            if (i == null) {
                throw Keys.bad("registration of " + nspace + ": the info list holds a null element");
            }
            if (Keys.REGISTER_NODATA.equals(i.key()) && i.isTrue()) {
                return JobData.noData(nspace, localProcCount, serverHost);
            }
        }
        Registration reg = Registration.walk(nspace, serverHost, info);
        NodeTable nodes = new NodeTable();
        for (Registration.NodeDescription d : reg.nodes) {
            nodes.merge(d);
        }
        Placement placement = Placement.place(reg, nodes, localProcCount, serverHost);
        NodeLayout layout = NodeLayout.lay(placement, nodes);
        AppAssignment apps = AppAssignment.assign(reg, placement.jobSize(), nodes);
        DerivedKeys levels = DerivedKeys.derive(nspace, reg, info.isEmpty(), placement.jobSize(), layout,
                apps.apps(), dirs);
        ProcEntry[] procs = ProcEntries.build(nspace, reg.procs, placement, layout, apps, levels.offset(), dirs);
        return new JobData(nspace, localProcCount, serverHost, levels, layout, apps.apps(), procs);
    }
}
