/* topology_probe: reads the node's topology the launcher gives (PMIX_HWLOC_XML_V2, optional) and hands it to
 * hwloc as Open MPI does; prints "topology OBJECTS objects, CORES cores from XML" or "topology none". */
#include <hwloc.h>
#include <pmix.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    pmix_proc_t me, wild;
    pmix_value_t *val;
    pmix_info_t opt;
    bool yes = true;
    if (PMIX_SUCCESS != PMIx_Init(&me, NULL, 0)) {
        return 1;
    }
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    PMIX_INFO_LOAD(&opt, PMIX_OPTIONAL, &yes, PMIX_BOOL);
    if (PMIX_SUCCESS != PMIx_Get(&wild, PMIX_HWLOC_XML_V2, &opt, 1, &val)) {
        printf("topology none\n");
    } else {
        hwloc_topology_t topo;
        hwloc_topology_init(&topo);
        if (0 != hwloc_topology_set_xmlbuffer(topo, val->data.string, (int) strlen(val->data.string) + 1)
            || 0 != hwloc_topology_load(topo)) {
            printf("topology unreadable\n");
            return 2;
        }
        printf("topology %d objects, %d cores from XML\n", hwloc_get_nbobjs_by_depth(topo, 0)
               + hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU), hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE));
        hwloc_topology_destroy(topo);
    }
    PMIx_Finalize(NULL, 0);
    return 0;
}
