import type { components } from '@/lib/api/schema'

/*
 * The AI robot factory's types, as the server's OpenAPI document names them. Statuses and message types arrive as
 * strings: a value this app does not know yet is shown as it came (see ../labels.ts).
 */
type Schemas = components['schemas']

/** Whether a model is configured, and the month's generation quota. */
export type FactoryStatus = Schemas['FactoryStatus']
export type ProjectSummary = Schemas['ProjectSummary']
export type ProjectDetail = Schemas['ProjectDetail']
export type ProjectVersion = Schemas['ProjectVersion']
export type ConversationMessage = Schemas['ConversationMessage']
/** The seven wizard answers; also the prompt a project's latest version was generated from. */
export type NewProjectRequest = Schemas['StrategyRequest']
export type AdjustmentRequest = Schemas['AdjustmentRequest']
export type PublishRequest = Schemas['PublishRequest']
export type PublishResult = Schemas['PublishResult']
export type GenerationSummary = Schemas['GenerationSummary']
export type GenerationDetail = Schemas['GenerationDetail']

/** How far a published version moves the robot's number (semantic versioning). */
export type VersionType = 'major' | 'minor' | 'patch'
