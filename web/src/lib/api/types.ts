import type { components } from './schema'

type Schemas = components['schemas']

export type AdminUser = Schemas['AdminUser']
export type LoginRequest = Schemas['LoginRequest']
export type AdminLoginResponse = Schemas['AdminLoginResponse']
export type CreateAdminRequest = Schemas['CreateAdminRequest']
export type TenantOwnerLoginRequest = Schemas['TenantOwnerLoginRequest']
export type TenantSession = Schemas['TenantSession']
export type OwnerUser = Schemas['OwnerUser']
export type TenantSummary = Schemas['TenantSummary']
export type ClientLoginRequest = Schemas['ClientLoginRequest']
export type ClientPurchaseLoginRequest = Schemas['ClientPurchaseLoginRequest']
export type ClientSession = Schemas['ClientSession']
export type SignInCodeSent = Schemas['SignInCodeSent']
export type ClientUser = Schemas['ClientUser']
export type TenantBranding = Schemas['TenantBranding']
export type ErrorBody = Schemas['ErrorBody']
