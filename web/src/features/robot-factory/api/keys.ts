/**
 * Query keys of the AI robot factory, under ['tenant', 'robot-factory'] like the owner's other resources. A project's
 * detail sits under the projects prefix, so one invalidation refreshes the list and every open project.
 */
const all = ['tenant', 'robot-factory'] as const
const projectsAll = [...all, 'projects'] as const
const generationsAll = [...all, 'generations'] as const

export const robotFactoryKeys = {
  all,
  /** Model configured and the month's quota. */
  status: [...all, 'status'] as const,
  projects: {
    all: projectsAll,
    list: <Params extends object>(params: Params) => [...projectsAll, 'list', params] as const,
    detail: (id: string) => [...projectsAll, 'detail', id] as const,
  },
  generations: {
    all: generationsAll,
    list: <Params extends object>(params: Params) => [...generationsAll, 'list', params] as const,
    detail: (id: string) => [...generationsAll, 'detail', id] as const,
  },
}
