import { BrandLogo } from '@/components/brand-logo'

/** A robot's logo in a list, or the neutral robot mark when it has none (or it fails to load). */
export function RobotLogo({ src, name }: { src: string | null | undefined; name: string }) {
  return <BrandLogo src={src} name={name} className="size-9" />
}
