import math
R=6371.0
def lcc_factory(lon0=15, lat0=50, p1=40, p2=62):
    f1,f2=math.radians(p1),math.radians(p2)
    n=math.log(math.cos(f1)/math.cos(f2))/math.log(math.tan(math.pi/4+f2/2)/math.tan(math.pi/4+f1/2))
    F=math.cos(f1)*math.tan(math.pi/4+f1/2)**n/n
    rho0=R*F/math.tan(math.pi/4+math.radians(lat0)/2)**n
    def proj(lon,lat):
        rho=R*F/math.tan(math.pi/4+math.radians(lat)/2)**n
        t=n*math.radians(lon-lon0)
        return rho*math.sin(t), -(rho0-rho*math.cos(t))  # y down (km)
    return proj
